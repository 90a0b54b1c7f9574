import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { queryRoots } from "@/web/lib/query-keys";
import { usePageQuery } from "@/web/lib/use-page-query";

/** Admin: one page of a project's logged time, newest day of work first. */
export function useProjectTimeEntries(projectId: string, page: number) {
  return usePageQuery([queryRoots.time, "entries", projectId, page], () => api.get("/time-entries", { query: { projectId, page } }));
}

/** Every time query refetches after a write: the entries and the project's hours. */
function useTimeWrite<Input>(write: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => client.invalidateQueries({ queryKey: [queryRoots.time] }) });
}

/** Admin: logs time on a project (a create, so retried once with its Idempotency-Key). */
export const useLogTime = () => useTimeWrite((input: ApiBody<"post", "/time-entries">) => api.create("/time-entries", { json: input }));

/** Admin: removes an entry not yet billed (billed time answers 409). */
export const useDeleteTimeEntry = () => useTimeWrite((id: string) => api.delete("/time-entries/:id", { param: { id } }));

/**
 * Admin: a company's unbilled billable time of a period as one invoice. The entries are billed by
 * it, so the time queries refetch with the invoices.
 */
export function useInvoiceTime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiBody<"post", "/invoices/from-time">) => api.create("/invoices/from-time", { json: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: [queryRoots.time] }), client.invalidateQueries({ queryKey: [queryRoots.invoices] })]),
  });
}
