import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogTrigger } from "./dialog";

export interface DialogWithTriggerProps {
  /** The button that opens the dialog (and gets focus back when it closes). */
  trigger: ReactNode;
  title: string;
  description?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/** A button and the modal it opens, the way most dialogs are built; the caller owns the open state. */
export function DialogWithTrigger({ trigger, title, description, open, onOpenChange, children }: DialogWithTriggerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={title} description={description}>
        {children}
      </DialogContent>
    </Dialog>
  );
}
