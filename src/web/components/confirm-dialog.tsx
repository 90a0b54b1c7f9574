import { Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "./ui/button";
import { DialogCancel } from "./ui/dialog";
import { DialogWithTrigger } from "./ui/dialog-with-trigger";
import { translateKnown } from "@/web/lib/i18n/known-messages";
import { ProblemBox } from "./ui/problem-box";

interface ConfirmDialogProps {
  /** The button that asks for the confirmation. */
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  workingLabel: string;
  /** Throws to keep the dialog open with `failureText` of the error shown in it. */
  onConfirm: () => Promise<void>;
  failureText: (error: unknown) => string;
  destructive?: boolean;
}

/**
 * An action that cannot simply be undone, confirmed in the app's modal: Cancel and Escape leave
 * everything as it was; a refusal is shown in the dialog, which stays open to try again or cancel.
 */
export function ConfirmDialog({ trigger, title, description, confirmLabel, workingLabel, onConfirm, failureText, destructive = false }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setFailure(undefined);
  };

  const confirm = async () => {
    setWorking(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setWorking(false);
    }
  };

  return (
    <DialogWithTrigger trigger={trigger} title={title} description={description} open={open} onOpenChange={onOpenChange}>
      {failure ? <ProblemBox className="mb-4">{translateKnown(failure)}</ProblemBox> : null}
      <div className="flex justify-end gap-2">
        <DialogCancel />
        <Button variant={destructive ? "destructive" : "default"} disabled={working} onClick={() => void confirm()}>
          {working ? workingLabel : confirmLabel}
        </Button>
      </div>
    </DialogWithTrigger>
  );
}

/** A row's trash button, its label saying what goes (for a screen reader too), confirmed as a destructive action. */
export function ConfirmRemoval({ label, ...dialog }: Omit<ConfirmDialogProps, "trigger" | "destructive"> & { label: ReactNode }) {
  return (
    <ConfirmDialog
      {...dialog}
      destructive
      trigger={
        <Button variant="ghost" size="sm">
          <Trash2 className="h-4 w-4" aria-hidden />
          {label}
        </Button>
      }
    />
  );
}
