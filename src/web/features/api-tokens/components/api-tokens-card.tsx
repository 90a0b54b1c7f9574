import { formatDate, formatDateTime } from "@/shared/format";
import { apiTokenScopeLabels } from "@/shared/rules/api-token";
import type { ApiToken } from "@/shared/schemas/api-token";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { QueryStates } from "@/web/components/layout/record-states";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useApiTokens, useRevokeApiToken } from "../api/use-api-tokens";
import { NewApiTokenDialog } from "./new-api-token-dialog";

/**
 * The account page's "API tokens" (admins and company owners, ADR 030): each token by name, its
 * first characters, access, dates, and a Revoke button; "New API token" makes one.
 */
export function ApiTokensCard({ isAdmin }: { isAdmin: boolean }) {
  const tokens = useApiTokens();
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Tokens let a script or another system use the API as you, without your password. Revoke one you no longer use.
      </p>
      <QueryStates query={tokens} loadError="Could not load your API tokens." loading="Loading API tokens">
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No API tokens yet.</p>
          ) : (
            <ul className="divide-y rounded-md border" aria-label="API tokens">
              {list.map((token) => (
                <TokenRow key={token.id} token={token} />
              ))}
            </ul>
          )
        }
      </QueryStates>
      <NewApiTokenDialog isAdmin={isAdmin} />
    </div>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const revoke = useRevokeApiToken();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {token.name} <code className="ml-1 rounded bg-muted px-1 text-xs font-normal">{token.start}…</code>
        </p>
        <p className="text-muted-foreground">
          {apiTokenScopeLabels[token.scope]} · Made {formatDate(token.createdAt)} · {token.lastUsedAt ? `Last used ${formatDateTime(token.lastUsedAt)}` : "Never used"} ·{" "}
          {token.expiresAt ? `Expires ${formatDate(token.expiresAt)}` : "Never expires"}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm">
            Revoke<span className="sr-only"> {token.name}</span>
          </Button>
        }
        title="Revoke API token"
        description={`Revoke "${token.name}"? Anything still using it is refused from now on.`}
        confirmLabel="Revoke"
        workingLabel="Revoking..."
        destructive
        onConfirm={async () => {
          await revoke.mutateAsync(token.id);
          toast.success(`"${token.name}" was revoked`);
        }}
        failureText={(error) => errorMessage(error, "Could not revoke the token")}
      />
    </li>
  );
}
