import { useState, type ReactNode } from "react";
import type { UserListItem } from "@/shared/schemas/user";
import { DialogFormActions } from "@/web/components/new-item-dialog";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/web/components/ui/dialog";
import { CompanySelect } from "@/web/features/companies";
import { errorMessage } from "@/web/lib/api";
import { useMe } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";
import { useUserAction, type UserActionInput } from "../../api/use-user-actions";
import { stepsFor, type UserStep } from "../../lib/user-actions";


interface StepText {
  /** The menu button that leads to the confirmation. */
  label: string;
  title: string;
  description: (user: UserListItem) => ReactNode;
  confirm: string;
  done: (user: UserListItem) => string;
}

const steps: Record<UserStep, StepText> = {
  "password-reset": {
    label: "Send password reset",
    title: "Send a password-reset mail",
    description: (user) => `Mail ${user.email} a link to choose a new password. The link works for a limited time; their current password keeps working until they use it.`,
    confirm: "Send reset mail",
    done: (user) => `A reset link is on its way to ${user.email}`,
  },
  "sign-out": {
    label: "Sign out everywhere",
    title: "Sign out everywhere",
    description: (user) => `${user.name} (${user.email}) is signed out on every device at once, for a lost laptop or a shared computer. Their account stays active: they sign in again with their password.`,
    confirm: "Sign out everywhere",
    done: (user) => `${user.name} was signed out everywhere`,
  },
  deactivate: {
    label: "Deactivate",
    title: "Deactivate account",
    description: (user) => `${user.name} (${user.email}) is signed out everywhere at once and cannot sign in until reactivated. Their data stays.`,
    confirm: "Deactivate",
    done: (user) => `${user.name} was deactivated`,
  },
  reactivate: {
    label: "Reactivate",
    title: "Reactivate account",
    description: (user) => `${user.name} (${user.email}) may sign in again with their password.`,
    confirm: "Reactivate",
    done: (user) => `${user.name} was reactivated`,
  },
  promote: {
    label: "Make admin",
    title: "Make admin",
    description: (user) => `${user.name} becomes an admin: they see and manage every customer company. They are signed out and sign in again.`,
    confirm: "Make admin",
    done: (user) => `${user.name} is now an admin`,
  },
  demote: {
    label: "Remove admin role",
    title: "Remove admin role",
    description: (user) => `${user.name} becomes a customer without a company. They are signed out and sign in again.`,
    confirm: "Remove admin role",
    done: (user) => `${user.name} is now a customer`,
  },
  move: {
    label: "Change company",
    title: "Change company",
    description: (user) =>
      user.company
        ? `${user.name} leaves ${user.company.name} and joins the company you choose as a member.`
        : `${user.name} joins the company you choose as a member.`,
    confirm: "Move",
    done: (user) => `${user.name} was moved`,
  },
  "remove-two-factor": {
    label: "Remove two-factor",
    title: "Remove two-factor authentication",
    description: (user) =>
      `Only do this once you have verified, outside the portal (a call to a number you already have, in person), that the request really comes from ${user.name}. They then sign in with their password alone until they set up two-factor authentication again.`,
    confirm: "Remove two-factor",
    done: (user) => `Two-factor authentication was removed for ${user.name}`,
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
      setFailure(user.company ? `Choose another company than ${user.company.name}` : "Choose a company");
      return;
    }
    try {
      await action.mutateAsync(inputOf(step));
      toast.success(steps[step].done(user));
      onOpenChange(false);
    } catch (error) {
      setFailure(errorMessage(error, "Could not complete the action"));
    }
  };

  const text = step ? steps[step] : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Manage
          <span className="sr-only"> {user.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent title={text?.title ?? `Manage ${user.name}`} description={text ? text.description(user) : user.email}>
        {!step ? (
          <div className="flex flex-col gap-2">
            {stepsFor(user, me.data?.id === user.id).map((candidate) => (
              <Button key={candidate} variant="outline" className="justify-start" onClick={() => choose(candidate)}>
                {steps[candidate].label}
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
              <div className="space-y-1">
                <label htmlFor={`move-${user.id}`} className="text-sm font-medium">
                  Company
                </label>
                <CompanySelect id={`move-${user.id}`} value={companyId} onChange={setCompanyId} />
                {user.company ? (
                  <Button type="button" variant="ghost" size="sm" className="px-0 text-sm underline" onClick={() => setCompanyId("")}>
                    Take them out of {user.company.name} without a new company
                  </Button>
                ) : null}
              </div>
            ) : null}
            {step === "remove-two-factor" ? (
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" required className="mt-1" checked={verified} onChange={(event) => setVerified(event.target.checked)} />
                I verified this person's identity outside the portal.
              </label>
            ) : null}
            {failure ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
                {failure}
              </p>
            ) : null}
            <DialogFormActions submitLabel={text?.confirm ?? "Confirm"} workingLabel="Working..." isSubmitting={action.isPending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
