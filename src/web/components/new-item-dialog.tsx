import { useLingui } from "@lingui/react/macro";
import { Plus } from "lucide-react";
import { useState } from "react";
import { toast } from "@/web/lib/toast";
import { Button, SubmitButton } from "./ui/button";
import { DialogCancel } from "./ui/dialog";
import { DialogWithTrigger, type DialogWithTriggerProps } from "./ui/dialog-with-trigger";

interface NewItemDialogProps extends Omit<DialogWithTriggerProps, "trigger"> {
  /** What the button that opens it says: "New Project". */
  trigger: string;
}

/** A "New …" button with a plus icon and the modal it opens; the caller owns the open state. */
export function NewItemDialog({ trigger, title, description, open, onOpenChange, children }: NewItemDialogProps) {
  return (
    <DialogWithTrigger
      trigger={
        <Button>
          <Plus className="h-4 w-4" aria-hidden />
          {trigger}
        </Button>
      }
      title={title}
      description={description}
      open={open}
      onOpenChange={onOpenChange}
    >
      {children}
    </DialogWithTrigger>
  );
}

interface DialogFormActionsProps {
  submitLabel: string;
  isSubmitting: boolean;
  /** What the submit button says while it works: "Creating..." unless told otherwise. */
  workingLabel?: string;
}

/** Cancel (closes the dialog) and the form's submit button. */
export function DialogFormActions({ submitLabel, isSubmitting, workingLabel }: DialogFormActionsProps) {
  const { t } = useLingui();
  return (
    <div className="flex justify-end gap-2 pt-2">
      <DialogCancel />
      <SubmitButton label={submitLabel} workingLabel={workingLabel ?? t`Creating...`} isSubmitting={isSubmitting} />
    </div>
  );
}

interface NewItemFormOptions<Input> {
  /** Empties the form: on every close, so the next opening starts blank. */
  reset: () => void;
  create: (input: Input) => Promise<unknown>;
  /** The success toast: "Project created successfully". */
  created: string;
  /** Reports a refused or failed create; the dialog stays open with what was typed. */
  onError: (error: unknown) => void;
}

/**
 * The open state and submit handler of a NewItemDialog whose form lives outside its content: a
 * stored item closes the dialog with a success toast, and every close empties the form.
 */
export function useNewItemForm<Input>({ reset, create, created, onError }: NewItemFormOptions<Input>) {
  const [open, setOpen] = useState(false);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) reset();
  };

  const onSubmit = async (input: Input) => {
    try {
      await create(input);
      toast.success(created);
      onOpenChange(false);
    } catch (error) {
      onError(error);
    }
  };

  return { open, onOpenChange, onSubmit };
}
