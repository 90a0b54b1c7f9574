import { useQuery } from "@tanstack/react-query";
import type { CompanyOption } from "../../../../shared/schemas/company";
import { apiGet } from "../../../lib/api";
import { queryRoots } from "../../../lib/query-keys";

/** Id and name of every company, by name, for the new-conversation select. */
export function useCompanyOptions() {
  return useQuery({
    queryKey: [queryRoots.companies, "options"],
    queryFn: () => apiGet<CompanyOption[]>("/companies/options"),
  });
}
