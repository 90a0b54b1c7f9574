import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./ui/button";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "./ui/dialog";

interface NewItemDialogProps {
  /** The button that opens it: "New Project". */
  trigger: string;
  title: string;
  description?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/** A "New …" button with a plus icon and the modal it opens; the caller owns the open state. */
export function NewItemDialog({ trigger, title, description, open, onOpenChange, children }: NewItemDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="h-4 w-4" aria-hidden />
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        {children}
      </DialogContent>
    </Dialog>
  );
}

interface DialogFormActionsProps {
  submitLabel: string;
  isSubmitting: boolean;
  /** What the submit button says while it works: "Creating..." unless told otherwise. */
  workingLabel?: string;
}

/** Cancel (closes the dialog) and the form's submit button. */
export function DialogFormActions({ submitLabel, isSubmitting, workingLabel = "Creating..." }: DialogFormActionsProps) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? workingLabel : submitLabel}
      </Button>
    </div>
  );
}
