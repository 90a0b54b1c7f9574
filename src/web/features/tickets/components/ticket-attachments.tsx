import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Ticket } from "@/shared/schemas/ticket";
import { Button } from "@/web/components/ui/button";
import { CountedTitle, TitledCard } from "@/web/components/ui/card";
import { AttachmentList, FilePicker, UploadStatus, useUploads } from "@/web/features/files";
import { toast } from "@/web/lib/toast";
import { useAttachTicketFile } from "../api/use-attach-ticket-file";
import { ticketQueryKey } from "../api/use-ticket";

/**
 * A ticket's files, the same for customer and admin, and "Add files" afterwards: also the place
 * to try again when a file chosen with the new ticket did not arrive.
 */
export function TicketAttachments({ ticket }: { ticket: Ticket }) {
  const { t } = useLingui();
  const [chosen, setChosen] = useState<File[]>([]);
  const uploads = useUploads();
  const attach = useAttachTicketFile();

  const send = async () => {
    const { stored, failed } = await uploads.run(chosen, (file) => attach(ticket.id, file));
    // What failed stays chosen, so "Upload" tries exactly those again.
    setChosen(failed.map(({ file }) => file));
    const added = stored.length;
    if (added) toast.success(t`${plural(added, { one: "File added", other: "# files added" })}`);
  };

  return (
    <TitledCard title={<CountedTitle label={t`Attachments`} count={ticket.attachments.length} />} contentClassName="space-y-4">
      <AttachmentList files={ticket.attachments} owner={ticketQueryKey(ticket.id)} empty={t`No files attached`} />
      <FilePicker files={chosen} onChange={setChosen} label={t`Add files`} disabled={uploads.busy} />
      <UploadStatus status={uploads.status} />
      {chosen.length ? (
        <div className="flex justify-end">
          <Button disabled={uploads.busy} onClick={() => void send()}>
            {uploads.busy ? <Trans>Uploading...</Trans> : <Trans>Upload</Trans>}
          </Button>
        </div>
      ) : null}
    </TitledCard>
  );
}
