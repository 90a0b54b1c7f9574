import { Trans } from "@lingui/react/macro";
import { Pencil } from "lucide-react";
import { Button } from "./ui/button";
import { DialogWithTrigger, type DialogWithTriggerProps } from "./ui/dialog-with-trigger";

interface EditItemDialogProps extends Omit<DialogWithTriggerProps, "trigger" | "description"> {
  /** Read after "Edit" by screen readers, so each row's button says which record it edits. */
  itemName: string;
}

/** An "Edit" button with a pencil icon and the modal it opens; the caller owns the open state. */
export function EditItemDialog({ title, itemName, open, onOpenChange, children }: EditItemDialogProps) {
  return (
    <DialogWithTrigger
      trigger={
        <Button variant="outline" size="sm">
          <Pencil className="h-4 w-4" aria-hidden />
          <Trans>
            Edit<span className="sr-only"> {itemName}</span>
          </Trans>
        </Button>
      }
      title={title}
      open={open}
      onOpenChange={onOpenChange}
    >
      {children}
    </DialogWithTrigger>
  );
}
