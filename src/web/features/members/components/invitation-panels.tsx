import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { formatInstantDate } from "@/shared/format";
import { memberMessages } from "@/shared/rules/member";
import type { InvitationPreview } from "@/shared/schemas/member";
import { Button } from "@/web/components/ui/button";
import { brandName } from "@/web/lib/brand";
import { companyRoleMessages } from "@/web/lib/i18n/labels";
import { translateKnown } from "@/web/lib/i18n/known-messages";

/** An action and whether it is running: its button is disabled and says so meanwhile. */
function useBusy(action: () => Promise<void>): [busy: boolean, run: () => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return [busy, run];
}

/** The invitation page's heading: where the invitation leads, and who sent it. */
export function InvitationHeading({ invitation }: { invitation: InvitationPreview }) {
  const { t, i18n } = useLingui();
  const role = invitation.companyRole ? i18n._(companyRoleMessages[invitation.companyRole]) : t`Admin`;
  const company = invitation.company?.name;
  const invitedBy = invitation.invitedBy;
  const email = invitation.email;
  const until = formatInstantDate(invitation.expiresAt);
  return (
    <div className="space-y-1 text-center">
      <h1 className="text-xl font-semibold">
        {company === undefined ? t`You're invited to join the ${brandName} team` : t`You're invited to join ${company} on ${brandName}`}
      </h1>
      <p className="text-sm text-muted-foreground">
        {invitedBy ? t`${invitedBy} invited ${email} as ${role}.` : t`${email} is invited as ${role}.`} <Trans>The link works until {until}.</Trans>
      </p>
    </div>
  );
}

/** Why the last step failed (another company, an admin's company…), in the server's words. */
export function InvitationFailure({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      {translateKnown(message)}
    </p>
  );
}

/** Signed in with the invited address: one button accepts. */
export function AcceptInvitationPanel({ email, onAccept }: { email: string; onAccept: () => Promise<void> }) {
  const [busy, accept] = useBusy(onAccept);
  const { t } = useLingui();
  return (
    <div className="space-y-3">
      <p className="text-sm">
        <Trans>
          You are signed in as <span className="font-medium">{email}</span>.
        </Trans>
      </p>
      <Button className="w-full" disabled={busy} onClick={() => void accept()}>
        {busy ? t`Accepting...` : t`Accept invitation`}
      </Button>
    </div>
  );
}

/** Signed in with another address: the invitation is not theirs to accept. */
export function OtherAddressPanel({ email, onSignOut }: { email: string; onSignOut: () => Promise<void> }) {
  return (
    <div className="space-y-3">
      <InvitationFailure message={memberMessages.otherAddress} />
      <p className="text-sm">
        <Trans>
          You are signed in as <span className="font-medium">{email}</span>.
        </Trans>
      </p>
      <SignOutButton onSignOut={onSignOut} />
    </div>
  );
}

export function SignOutButton({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const [busy, signOut] = useBusy(onSignOut);
  const { t } = useLingui();
  return (
    <Button variant="outline" className="w-full" disabled={busy} onClick={() => void signOut()}>
      {busy ? t`Logging out...` : t`Log out`}
    </Button>
  );
}
