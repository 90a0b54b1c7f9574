import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { NewItemDialog } from "@/web/components/new-item-dialog";
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
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <NewItemDialog
      trigger={t`New Ticket`}
      title={t`Create New Ticket`}
      description={t`Tell us what you need; we will pick it up from here.`}
      open={open}
      onOpenChange={setOpen}
    >
        {projects ? (
          <CreateTicketForm projects={projects} onCreated={() => setOpen(false)} />
        ) : projectsFailed ? (
          <p role="alert" className="text-sm text-destructive">
            <Trans>Could not load your projects. Close this dialog and try again.</Trans>
          </p>
        ) : (
          <div className="flex justify-center py-8">
            <Spinner label={t`Loading projects`} />
          </div>
        )}
    </NewItemDialog>
  );
}
