import { useState } from "react";
import { companyRoleLabels } from "@/shared/enums";
import { formatInstantDate } from "@/shared/format";
import { memberMessages } from "@/shared/rules/member";
import type { InvitationPreview } from "@/shared/schemas/member";
import { Button } from "@/web/components/ui/button";
import { brandName } from "@/web/lib/brand";

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
  const role = invitation.companyRole ? companyRoleLabels[invitation.companyRole] : "Admin";
  return (
    <div className="space-y-1 text-center">
      <h1 className="text-xl font-semibold">
        {invitation.company ? `You're invited to join ${invitation.company.name} on ${brandName}` : `You're invited to join the ${brandName} team`}
      </h1>
      <p className="text-sm text-muted-foreground">
        {invitation.invitedBy ? `${invitation.invitedBy} invited ${invitation.email} as ${role}.` : `${invitation.email} is invited as ${role}.`}{" "}
        The link works until {formatInstantDate(invitation.expiresAt)}.
      </p>
    </div>
  );
}

/** Why the last step failed (another company, an admin's company…), in the server's words. */
export function InvitationFailure({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      {message}
    </p>
  );
}

/** Signed in with the invited address: one button accepts. */
export function AcceptInvitationPanel({ email, onAccept }: { email: string; onAccept: () => Promise<void> }) {
  const [busy, accept] = useBusy(onAccept);
  return (
    <div className="space-y-3">
      <p className="text-sm">
        You are signed in as <span className="font-medium">{email}</span>.
      </p>
      <Button className="w-full" disabled={busy} onClick={() => void accept()}>
        {busy ? "Accepting..." : "Accept invitation"}
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
        You are signed in as <span className="font-medium">{email}</span>.
      </p>
      <SignOutButton onSignOut={onSignOut} />
    </div>
  );
}

export function SignOutButton({ onSignOut }: { onSignOut: () => Promise<void> }) {
  const [busy, signOut] = useBusy(onSignOut);
  return (
    <Button variant="outline" className="w-full" disabled={busy} onClick={() => void signOut()}>
      {busy ? "Signing out..." : "Sign out"}
    </Button>
  );
}
