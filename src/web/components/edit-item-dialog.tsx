import { Trans } from "@lingui/react/macro";
import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogTrigger } from "./ui/dialog";

interface EditItemDialogProps {
  title: string;
  /** Read after "Edit" by screen readers, so each row's button says which record it edits. */
  itemName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}

/** An "Edit" button with a pencil icon and the modal it opens; the caller owns the open state. */
export function EditItemDialog({ title, itemName, open, onOpenChange, children }: EditItemDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Pencil className="h-4 w-4" aria-hidden />
          <Trans>
            Edit<span className="sr-only"> {itemName}</span>
          </Trans>
        </Button>
      </DialogTrigger>
      <DialogContent title={title}>{children}</DialogContent>
    </Dialog>
  );
}
