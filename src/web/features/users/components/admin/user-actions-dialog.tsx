import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { UserListItem } from "@/shared/schemas/user";
import { DialogFormActions } from "@/web/components/new-item-dialog";
import { Button } from "@/web/components/ui/button";
import { Labelled } from "@/web/components/ui/labelled";
import { Dialog, DialogContent, DialogTrigger } from "@/web/components/ui/dialog";
import { CompanySelect } from "@/web/features/companies";
import { errorMessage } from "@/web/lib/api";
import { useMe } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";
import { useUserAction, type UserActionInput } from "../../api/use-user-actions";
import { stepsFor, type UserStep } from "../../lib/user-actions";
import { translateKnown } from "@/web/lib/i18n/known-messages";
import { ProblemBox } from "@/web/components/ui/problem-box";


interface StepText {
  /** The menu button that leads to the confirmation. */
  label: MessageDescriptor;
  title: MessageDescriptor;
  description: (user: UserListItem) => MessageDescriptor;
  confirm: MessageDescriptor;
  done: (user: UserListItem) => MessageDescriptor;
}

/* Catalogue messages, translated where the dialog shows them (never frozen at import). */
const steps: Record<UserStep, StepText> = {
  "password-reset": {
    label: msg`Send password reset`,
    title: msg`Send a password-reset mail`,
    description: ({ email }) => msg`Mail ${email} a link to choose a new password. The link works for a limited time; their current password keeps working until they use it.`,
    confirm: msg`Send reset mail`,
    done: ({ email }) => msg`A reset link is on its way to ${email}`,
  },
  "sign-out": {
    label: msg`Log out everywhere`,
    title: msg`Log out everywhere`,
    description: ({ name, email }) =>
      msg`${name} (${email}) is logged out on every device at once, for a lost laptop or a shared computer. Their account stays active: they sign in again with their password.`,
    confirm: msg`Log out everywhere`,
    done: ({ name }) => msg`${name} was logged out everywhere`,
  },
  deactivate: {
    label: msg`Deactivate`,
    title: msg`Deactivate account`,
    description: ({ name, email }) => msg`${name} (${email}) is logged out everywhere at once and cannot sign in until reactivated. Their data stays.`,
    confirm: msg`Deactivate`,
    done: ({ name }) => msg`${name} was deactivated`,
  },
  reactivate: {
    label: msg`Reactivate`,
    title: msg`Reactivate account`,
    description: ({ name, email }) => msg`${name} (${email}) may sign in again with their password.`,
    confirm: msg`Reactivate`,
    done: ({ name }) => msg`${name} was reactivated`,
  },
  promote: {
    label: msg`Make admin`,
    title: msg`Make admin`,
    description: ({ name }) => msg`${name} becomes an admin: they see and manage every customer company. They are logged out and sign in again.`,
    confirm: msg`Make admin`,
    done: ({ name }) => msg`${name} is now an admin`,
  },
  demote: {
    label: msg`Remove admin role`,
    title: msg`Remove admin role`,
    description: ({ name }) => msg`${name} becomes a customer without a company. They are logged out and sign in again.`,
    confirm: msg`Remove admin role`,
    done: ({ name }) => msg`${name} is now a customer`,
  },
  move: {
    label: msg`Change company`,
    title: msg`Change company`,
    description: ({ name, company }) => {
      const companyName = company?.name;
      return companyName
        ? msg`${name} leaves ${companyName} and joins the company you choose as a member.`
        : msg`${name} joins the company you choose as a member.`;
    },
    confirm: msg`Move`,
    done: ({ name }) => msg`${name} was moved`,
  },
  "remove-two-factor": {
    label: msg`Remove two-factor`,
    title: msg`Remove two-factor authentication`,
    description: ({ name }) =>
      msg`Only do this once you have verified, outside the portal (a call to a number you already have, in person), that the request really comes from ${name}. They then sign in with their password alone until they set up two-factor authentication again.`,
    confirm: msg`Remove two-factor`,
    done: ({ name }) => msg`Two-factor authentication was removed for ${name}`,
  },
};

/** "Manage" for one account: pick an action, then confirm it (with what it needs) in the same dialog. */
export function UserActionsDialog({ user }: { user: UserListItem }) {
  const me = useMe();
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<UserStep | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [companyId, setCompanyId] = useState("");
  const [verified, setVerified] = useState(false);
  const action = useUserAction(user.id);
  const { t, i18n } = useLingui();
  const name = user.name;
  const currentCompany = user.company?.name;

  const choose = (next: UserStep | undefined) => {
    setStep(next);
    setFailure(undefined);
    setCompanyId(user.company?.id ?? "");
    setVerified(false);
  };
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    choose(undefined);
  };

  const inputOf = (chosen: UserStep): UserActionInput => {
    switch (chosen) {
      case "promote":
        return { action: "role", role: "admin" };
      case "demote":
        return { action: "role", role: "customer" };
      case "move":
        return { action: "company", companyId: companyId || null };
      default:
        return { action: chosen };
    }
  };

  // Awaited rather than `mutate` callbacks: the row may be gone (a refetch) before the answer arrives.
  const onConfirm = async () => {
    if (!step) return;
    if (step === "move" && companyId === (user.company?.id ?? "")) {
      setFailure(currentCompany === undefined ? t`Choose a company` : t`Choose another company than ${currentCompany}`);
      return;
    }
    try {
      await action.mutateAsync(inputOf(step));
      toast.success(i18n._(steps[step].done(user)));
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error, t`Could not complete the action`));
    }
  };

  const text = step ? steps[step] : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Trans>
            Manage
            <span className="sr-only"> {name}</span>
          </Trans>
        </Button>
      </DialogTrigger>
      <DialogContent title={text ? i18n._(text.title) : t`Manage ${name}`} description={text ? i18n._(text.description(user)) : user.email}>
        {!step ? (
          <div className="flex flex-col gap-2">
            {stepsFor(user, me.data?.id === user.id).map((candidate) => (
              <Button key={candidate} variant="outline" className="justify-start" onClick={() => choose(candidate)}>
                {i18n._(steps[candidate].label)}
              </Button>
            ))}
          </div>
        ) : (
          // A form, so Enter confirms and the browser asks for the two-factor confirmation box.
          <form
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void onConfirm();
            }}
          >
            {step === "move" ? (
              <Labelled id={`move-${user.id}`} label={<Trans>Company</Trans>}>
                <CompanySelect id={`move-${user.id}`} value={companyId} onChange={setCompanyId} />
                {user.company ? (
                  <Button type="button" variant="ghost" size="sm" className="px-0 text-sm underline" onClick={() => setCompanyId("")}>
                    <Trans>Take them out of {currentCompany} without a new company</Trans>
                  </Button>
                ) : null}
              </Labelled>
            ) : null}
            {step === "remove-two-factor" ? (
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" required className="mt-1" checked={verified} onChange={(event) => setVerified(event.target.checked)} />
                <Trans>I verified this person's identity outside the portal.</Trans>
              </label>
            ) : null}
            {failure ? (
              <ProblemBox>{translateKnown(failure)}</ProblemBox>
            ) : null}
            <DialogFormActions submitLabel={text ? i18n._(text.confirm) : t`Confirm`} workingLabel={t`Working...`} isSubmitting={action.isPending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
