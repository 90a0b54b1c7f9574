import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { authMessages } from "@/shared/rules/auth";
import { Button } from "@/web/components/ui/button";
import { ApiError, errorMessage } from "@/web/lib/api";
import { confirmEmail } from "../lib/auth-api";
import { translateKnown } from "@/web/lib/i18n/known-messages";
import { ProblemBox } from "@/web/components/ui/problem-box";

/** The address a change-email token names (its JWT payload), to show what is being confirmed; the server decides. */
function addressIn(token: string): string | undefined {
  try {
    const payload = token.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/");
    const updateTo = (JSON.parse(atob(payload)) as { updateTo?: unknown }).updateTo;
    return typeof updateTo === "string" ? updateTo : undefined;
  } catch {
    return undefined;
  }
}

/** One button: the signed-in account takes the address the link was mailed to. */
export function ConfirmEmailPanel({ token, currentEmail, onConfirmed }: { token: string; currentEmail: string; onConfirmed: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const address = addressIn(token);
  const { t } = useLingui();

  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await confirmEmail({ token });
      await onConfirmed();
    } catch (error) {
      const tokenProblem = error instanceof ApiError ? error.problem?.errors?.find((problem) => problem.field === "token") : undefined;
      setFailure(tokenProblem?.message ?? errorMessage(error, authMessages.confirmLinkInvalid));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm">
        {address ? (
          <Trans>
            Sign in with <span className="font-medium">{address}</span> instead of <span className="font-medium">{currentEmail}</span> from now on?
          </Trans>
        ) : (
          <Trans>Replace {currentEmail} with the address this link was mailed to?</Trans>
        )}
      </p>
      {failure ? (
        <ProblemBox>{translateKnown(failure)}</ProblemBox>
      ) : null}
      <Button className="w-full" disabled={busy} onClick={() => void confirm()}>
        {busy ? t`Confirming...` : t`Confirm new address`}
      </Button>
    </div>
  );
}
