import { Trans, useLingui } from "@lingui/react/macro";
import { MessageSquare } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
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
        {projects?.length === 0 ? (
          <NoProjectYet />
        ) : projects ? (
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

/** A ticket needs a project, and a company may have none yet: the chat is where to ask then. */
function NoProjectYet() {
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        <Trans>There are no projects yet to open a ticket for. Ask the team in the chat instead: they answer there too.</Trans>
      </p>
      <div className="flex justify-end">
        <Button asChild>
          <Link to="/dashboard/messages">
            <MessageSquare className="h-4 w-4" aria-hidden />
            <Trans>Open chat</Trans>
          </Link>
        </Button>
      </div>
    </div>
  );
}
