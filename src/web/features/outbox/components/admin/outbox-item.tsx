import { mailStatusLabels, type MailStatus } from "@/shared/enums";
import { formatDateTime } from "@/shared/format";
import type { OutboxMail } from "@/shared/schemas/outbox";
import { Badge, type BadgeTone } from "@/web/components/ui/badge";
import { MailText } from "./mail-text";

const tone: Record<MailStatus, BadgeTone> = { queued: "yellow", sent: "green", logged: "blue", failed: "red" };

/** One mail: to whom, what, where it is, the server's last answer, and its text when kept. */
export function OutboxItem({ mail }: { mail: OutboxMail }) {
  return (
    <li className="space-y-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{mail.subject}</p>
          <p className="text-sm text-muted-foreground">
            To {mail.to} · {formatDateTime(mail.createdAt)} · {mail.attempts === 1 ? "1 attempt" : `${mail.attempts} attempts`}
          </p>
        </div>
        <Badge tone={tone[mail.status]}>{mailStatusLabels[mail.status]}</Badge>
      </div>
      {mail.lastError ? (
        <p className="text-sm">
          <span className="font-medium">{mail.status === "failed" ? "Refused: " : "Last attempt: "}</span>
          <span className="font-mono text-xs break-all">{mail.lastError}</span>
          {mail.nextAttemptAt ? <span className="text-muted-foreground"> · next try {formatDateTime(mail.nextAttemptAt)}</span> : null}
        </p>
      ) : null}
      {mail.text ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-primary">Read the mail</summary>
          <div className="mt-2">
            <MailText text={mail.text} />
          </div>
        </details>
      ) : (
        <p className="text-xs text-muted-foreground">The text is not kept once a mail server has accepted the mail (it held one-time links).</p>
      )}
    </li>
  );
}
