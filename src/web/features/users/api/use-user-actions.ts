import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api";
import { queryRoots } from "@/web/lib/query-keys";

/** What an admin does to one account on the Users page; each is confirmed in a dialog first. */
export type UserActionInput =
  | { action: "password-reset" }
  | { action: "sign-out" }
  | { action: "deactivate" }
  | { action: "reactivate" }
  | { action: "role"; role: "admin" | "customer" }
  | { action: "company"; companyId: string | null }
  | { action: "remove-two-factor" };

async function send(id: string, input: UserActionInput): Promise<unknown> {
  const param = { id };
  switch (input.action) {
    case "password-reset":
      return api.post("/users/:id/password-reset", { param });
    case "sign-out":
      return api.post("/users/:id/sign-out", { param });
    case "deactivate":
      return api.post("/users/:id/deactivate", { param });
    case "reactivate":
      return api.post("/users/:id/reactivate", { param });
    case "role":
      return api.put("/users/:id/role", { param, json: { role: input.role } });
    case "company":
      return api.put("/users/:id/company", { param, json: { companyId: input.companyId } });
    case "remove-two-factor":
      return api.post("/users/:id/remove-two-factor", { param, json: { identityVerified: true } });
  }
}

/**
 * One action on the account `id`. Afterwards the list is read again, and so are the companies
 * (a move changes two teams).
 */
export function useUserAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UserActionInput) => send(id, input),
    onSuccess: (_, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: [queryRoots.users] }),
        input.action === "company" ? client.invalidateQueries({ queryKey: [queryRoots.companies] }) : undefined,
      ]),
  });
}
