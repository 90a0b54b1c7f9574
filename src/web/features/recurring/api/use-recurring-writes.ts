import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RecurringAction } from "@/shared/schemas/recurring";
import { api } from "@/web/lib/api";
import type { ApiBody } from "@/web/lib/api-types";
import { recurringListKey, recurringQueryKey, recurringRootKey } from "./use-recurring-invoices";

/* The admin's writes of a recurring invoice: imported by admin screens only. */

export function useCreateRecurringInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (json: ApiBody<"post", "/recurring-invoices">) => api.create("/recurring-invoices", { json }),
    onSuccess: (created) => {
      client.setQueryData(recurringQueryKey(created.id), created);
      return client.invalidateQueries({ queryKey: recurringListKey });
    },
  });
}

const change = (id: string, action: RecurringAction) => {
  switch (action) {
    case "pause":
      return api.post("/recurring-invoices/:id/pause", { param: { id } });
    case "resume":
      return api.post("/recurring-invoices/:id/resume", { param: { id } });
    case "end":
      return api.post("/recurring-invoices/:id/end", { param: { id } });
  }
};

/** Pause, resume or end: the answer is the schedule as it now stands, put in place at once; the recurring invoices refetch. */
export function useChangeRecurringInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: RecurringAction }) => change(id, action),
    onSuccess: (changed) => {
      client.setQueryData(recurringQueryKey(changed.id), changed);
      return client.invalidateQueries({ queryKey: recurringRootKey });
    },
  });
}
