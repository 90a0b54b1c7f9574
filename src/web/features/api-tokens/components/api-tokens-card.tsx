import { Trans, useLingui } from "@lingui/react/macro";
import { formatDate, formatDateTime } from "@/shared/format";
import type { ApiToken } from "@/shared/schemas/api-token";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { QueryStates } from "@/web/components/layout/record-states";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { apiTokenScopeMessages } from "@/web/lib/i18n/labels";
import { toast } from "@/web/lib/toast";
import { useApiTokens, useRevokeApiToken } from "../api/use-api-tokens";
import { NewApiTokenDialog } from "./new-api-token-dialog";

/**
 * The account page's "API tokens" (admins and company owners, ADR 030): each token by name, its
 * first characters, access, dates, and a Revoke button; "New API token" makes one.
 */
export function ApiTokensCard({ isAdmin }: { isAdmin: boolean }) {
  const tokens = useApiTokens();
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        <Trans>Tokens let a script or another system use the API as you, without your password. Revoke one you no longer use.</Trans>
      </p>
      <QueryStates query={tokens} loadError={t`Could not load your API tokens.`} loading={t`Loading API tokens`}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              <Trans>No API tokens yet.</Trans>
            </p>
          ) : (
            <ul className="divide-y rounded-md border" aria-label={t`API tokens`}>
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
  const { t, i18n } = useLingui();
  const name = token.name;
  const made = formatDate(token.createdAt);
  const lastUsed = token.lastUsedAt ? formatDateTime(token.lastUsedAt) : undefined;
  const expires = token.expiresAt ? formatDate(token.expiresAt) : undefined;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {token.name} <code className="ml-1 rounded bg-muted px-1 text-xs font-normal">{token.start}…</code>
        </p>
        <p className="text-muted-foreground">
          {i18n._(apiTokenScopeMessages[token.scope])} · {t`Made ${made}`} · {lastUsed ? t`Last used ${lastUsed}` : t`Never used`} ·{" "}
          {expires ? t`Expires ${expires}` : t`Never expires`}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm">
            <Trans>
              Revoke<span className="sr-only"> {name}</span>
            </Trans>
          </Button>
        }
        title={t`Revoke API token`}
        description={t`Revoke "${name}"? Anything still using it is refused from now on.`}
        confirmLabel={t`Revoke`}
        workingLabel={t`Revoking...`}
        destructive
        onConfirm={async () => {
          await revoke.mutateAsync(token.id);
          toast.success(t`"${name}" was revoked`);
        }}
        failureText={(error) => errorMessage(error, t`Could not revoke the token`)}
      />
    </li>
  );
}
