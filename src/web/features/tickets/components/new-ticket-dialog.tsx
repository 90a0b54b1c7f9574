import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { CreateTicketForm, type ProjectOption } from "./create-ticket-form";

interface NewTicketDialogProps {
  /** The company's projects; undefined while they load. */
  projects: ProjectOption[] | undefined;
  /** The projects could not be loaded (already logged by the query). */
  projectsFailed?: boolean;
}

/** 'New Ticket' opens 'Create New Ticket'; the form starts fresh each time the dialog opens. */
export function NewTicketDialog({ projects, projectsFailed }: NewTicketDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="h-4 w-4" aria-hidden />
          New Ticket
        </Button>
      </DialogTrigger>
      <DialogContent title="Create New Ticket" description="Tell us what you need; we will pick it up from here.">
        {projects ? (
          <CreateTicketForm projects={projects} onCreated={() => setOpen(false)} />
        ) : projectsFailed ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your projects. Close this dialog and try again.
          </p>
        ) : (
          <div className="flex justify-center py-8">
            <Spinner label="Loading projects" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
