import { Trans, useLingui } from "@lingui/react/macro";
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

  // Awaited rather than `mutate` callbacks: a revoked row leaves the list (and unmounts) before
  // the answer may have been handled.
  const onResend = async () => {
    try {
      await resend.mutateAsync(invitation.id);
      toast.success(t`Invitation sent again to ${email}`);
    } catch (error) {
      toast.error(errorMessage(error, t`Could not resend the invitation`));
    }
  };
  const onRevoke = async () => {
    try {
      await revoke.mutateAsync(invitation.id);
      toast.success(t`Invitation to ${email} revoked`);
    } catch (error) {
      toast.error(errorMessage(error, t`Could not revoke the invitation`));
    }
  };

  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void onResend()}>
        {resend.isPending ? (
          <Trans>
            Sending...
            <span className="sr-only"> the invitation to {email}</span>
          </Trans>
        ) : (
          <Trans>
            Resend
            <span className="sr-only"> the invitation to {email}</span>
          </Trans>
        )}
      </Button>
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void onRevoke()}>
        {revoke.isPending ? (
          <Trans>
            Revoking...
            <span className="sr-only"> the invitation to {email}</span>
          </Trans>
        ) : (
          <Trans>
            Revoke
            <span className="sr-only"> the invitation to {email}</span>
          </Trans>
        )}
      </Button>
    </div>
  );
}
