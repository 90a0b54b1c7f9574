import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Message } from "@/shared/schemas/message";
import { ApiError, apiPost } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

export interface AdminMessageInput {
  companyId: string;
  content: string;
  /** Client-generated: a retried send returns the stored message instead of a second one. */
  id: string;
}

const retryable = (failures: number, error: unknown) => failures < 2 && !(error instanceof ApiError && error.status < 500);

/** A message from the provider team to a company's conversation (new or existing). */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminMessageInput) => apiPost<Message>("/messages", input),
    retry: retryable,
    retryDelay: (attempt) => 500 * 2 ** attempt,
    onSuccess: () => void client.invalidateQueries({ queryKey: [queryRoots.messages] }),
  });
}
