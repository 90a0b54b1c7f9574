import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import type { ComposerOptions } from "../add-comment-form";

/** What "Reply and mark Done" does once the reply is in: the ticket's status change. */
export type ReplyAndDone = () => Promise<unknown>;

/**
 * The team's comment box on a ticket: a switch that makes the comment an internal note (which no
 * customer sees, ADR 045), and, while the ticket is open, "Reply and mark Done", which sends the
 * reply and closes the ticket in one action.
 */
export function useTeamReplyOptions(replyAndDone: ReplyAndDone | undefined): ComposerOptions {
  const { t } = useLingui();
  const [internal, setInternal] = useState(false);
  const switches = (
    <label className="flex min-h-11 items-center gap-2 text-sm">
      <input type="checkbox" name="internal" className="h-4 w-4 accent-primary" checked={internal} onChange={(event) => setInternal(event.target.checked)} />
      <Trans>Internal note: only the team sees it</Trans>
    </label>
  );
  if (internal) {
    return { extra: { internal: true }, switches, sendLabel: <Trans>Add note</Trans>, placeholder: t`Write a note for the team...`, added: t`Internal note added`, tinted: true, reset: () => setInternal(false) };
  }
  return {
    switches,
    buttons: replyAndDone ? (
      <Button type="submit" name="then" value="done" variant="outline">
        <CheckCircle2 className="h-4 w-4" aria-hidden />
        <Trans>Reply and mark Done</Trans>
      </Button>
    ) : undefined,
    after: async (then) => {
      if (then !== "done" || !replyAndDone) return;
      // The reply stands whatever happens next; only the status change can fail here.
      try {
        await replyAndDone();
        toast.success(t`Ticket marked Done`);
      } catch (failure) {
        toast.error(errorMessage(failure, t`Error updating ticket`));
      }
    },
  };
}
