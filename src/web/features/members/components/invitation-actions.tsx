import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { Invitation } from "@/shared/schemas/member";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useResendInvitation, useRevokeInvitation } from "../api/use-invitations";

/** Resend and Revoke for one pending invitation. */
export function InvitationActions({ invitation }: { invitation: Invitation }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const busy = resend.isPending || revoke.isPending;
  const { t } = useLingui();
  const email = invitation.email;

  return (
    <div className="flex justify-end gap-2">
      <InvitationButton
        busy={busy}
        run={() => resend.mutateAsync(invitation.id)}
        done={t`Invitation sent again to ${email}`}
        failed={t`Could not resend the invitation`}
        label={resend.isPending ? <Trans>Sending...<span className="sr-only"> the invitation to {email}</span></Trans> : <Trans>Resend<span className="sr-only"> the invitation to {email}</span></Trans>}
      />
      <InvitationButton
        busy={busy}
        run={() => revoke.mutateAsync(invitation.id)}
        done={t`Invitation to ${email} revoked`}
        failed={t`Could not revoke the invitation`}
        label={revoke.isPending ? <Trans>Revoking...<span className="sr-only"> the invitation to {email}</span></Trans> : <Trans>Revoke<span className="sr-only"> the invitation to {email}</span></Trans>}
      />
    </div>
  );
}

interface InvitationButtonProps {
  /** While either action runs, both buttons wait. */
  busy: boolean;
  run: () => Promise<unknown>;
  done: string;
  failed: string;
  label: ReactNode;
}

function InvitationButton({ busy, run, done, failed, label }: InvitationButtonProps) {
  // Awaited rather than `mutate` callbacks: a revoked row leaves the list (and unmounts) before
  // the answer may have been handled.
  const onClick = async () => {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, failed));
    }
  };
  return (
    <Button variant="outline" size="sm" disabled={busy} onClick={() => void onClick()}>
      {label}
    </Button>
  );
}
