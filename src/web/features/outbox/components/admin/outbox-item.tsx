import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { MailStatus } from "@/shared/enums";
import { formatDateTime } from "@/shared/format";
import type { OutboxMail } from "@/shared/schemas/outbox";
import { Badge, type BadgeTone } from "@/web/components/ui/badge";
import { mailStatusMessages } from "@/web/lib/i18n/admin-labels";
import { MailText } from "./mail-text";

const tone: Record<MailStatus, BadgeTone> = { queued: "yellow", sent: "green", logged: "blue", failed: "red" };

/** One mail: to whom, what, where it is, the server's last answer, and its text when kept. */
export function OutboxItem({ mail }: { mail: OutboxMail }) {
  const { t, i18n } = useLingui();
  const to = mail.to;
  const attempts = mail.attempts;
  const createdAt = formatDateTime(mail.createdAt);
  const nextAttempt = mail.nextAttemptAt ? formatDateTime(mail.nextAttemptAt) : null;
  return (
    <li className="space-y-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-medium">{mail.subject}</p>
          <p className="text-sm text-muted-foreground">
            {t`To ${to} · ${createdAt} · ${plural(attempts, { one: "# attempt", other: "# attempts" })}`}
          </p>
        </div>
        <Badge tone={tone[mail.status]}>{i18n._(mailStatusMessages[mail.status])}</Badge>
      </div>
      {mail.lastError ? (
        <p className="text-sm">
          <span className="font-medium">
            {mail.status === "failed" ? t`Refused:` : t`Last attempt:`}{" "}
          </span>
          <span className="font-mono text-xs break-all">{mail.lastError}</span>
          {nextAttempt ? (
            <span className="text-muted-foreground">
              {" · "}
              <Trans>next try {nextAttempt}</Trans>
            </span>
          ) : null}
        </p>
      ) : null}
      {mail.text ? (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-primary max-sm:flex max-sm:min-h-11 max-sm:items-center pointer-coarse:flex pointer-coarse:min-h-11 pointer-coarse:items-center">
            <Trans>Read the mail</Trans>
          </summary>
          <div className="mt-2">
            <MailText text={mail.text} />
          </div>
        </details>
      ) : (
        <p className="text-xs text-muted-foreground">
          <Trans>The text is not kept once a mail server has accepted the mail (it held one-time links).</Trans>
        </p>
      )}
    </li>
  );
}
