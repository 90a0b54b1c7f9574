import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateWebhookInput, UpdateWebhookInput } from "@/shared/schemas/webhook";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** Every endpoint, newest first. */
export function useWebhooks() {
  return useQuery({ queryKey: [queryRoots.webhooks, "list"], queryFn: () => api.get("/webhooks") });
}

/**
 * One endpoint's deliveries with their attempts. No event announces an attempt, so the list looks
 * again every few seconds while it is open: a pending delivery turns delivered (or shows its retry).
 */
export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: [queryRoots.webhooks, id, "deliveries", page],
    queryFn: () => api.get("/webhooks/:id/deliveries", { param: { id }, query: { page } }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}

/** The writes of the webhooks page; each refreshes the endpoints and their deliveries. */
export function useWebhookChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: [queryRoots.webhooks] });
  const create = useMutation({ mutationFn: (json: CreateWebhookInput) => api.post("/webhooks", { json }), onSuccess: refresh });
  const update = useMutation({ mutationFn: ({ id, json }: { id: string; json: UpdateWebhookInput }) => api.patch("/webhooks/:id", { param: { id }, json }), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: string) => api.delete("/webhooks/:id", { param: { id } }), onSuccess: refresh });
  const rotate = useMutation({ mutationFn: (id: string) => api.post("/webhooks/:id/rotate-secret", { param: { id } }), onSuccess: refresh });
  const resend = useMutation({ mutationFn: (id: string) => api.post("/webhooks/deliveries/:id/resend", { param: { id } }), onSuccess: refresh });
  return { create, update, remove, rotate, resend };
}
