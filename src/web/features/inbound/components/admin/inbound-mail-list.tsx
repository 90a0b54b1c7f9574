import { Trans, useLingui } from "@lingui/react/macro";
import { Inbox } from "lucide-react";
import { formatDateTime } from "@/shared/format";
import type { InboundMail } from "@/shared/schemas/inbound";
import { QueryStates } from "@/web/components/layout/record-states";
import { Badge } from "@/web/components/ui/badge";
import { Card, CardContent } from "@/web/components/ui/card";
import { EmptyState } from "@/web/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { inboundDropReasonMessages, inboundPostingMessages } from "@/web/lib/i18n/admin-labels";
import { useErrorToast } from "@/web/lib/use-error-toast";
import { Link } from "react-router";
import { useInboundMails } from "../../api/use-inbound-mails";

/** Where a posted mail went, on the admin's screens. */
function postedTo(mail: InboundMail): string | null {
  if (!mail.recordId || !mail.posted) return null;
  if (mail.posted === "project_comment") return `/admin/projects/${mail.recordId}`;
  if (mail.posted === "message") return `/admin/messages?company=${mail.recordId}`;
  return `/admin/tickets/${mail.recordId}`;
}

/** The latest 100 received mails, newest first, each with its fate: posted as what (a link to it), or dropped and why. */
export function InboundMailList() {
  const { t, i18n } = useLingui();
  const mails = useInboundMails();
  useErrorToast(mails.error, { log: "Failed to load inbound mail", toast: t`Error fetching inbound mail` });
  return (
    <QueryStates query={mails} loadError={t`Could not load the inbound mail.`}>
      {(items) =>
        items.length === 0 ? (
          <EmptyState
            icon={<Inbox className="h-10 w-10 text-muted-foreground" aria-hidden />}
            title={t`No mail received yet`}
            description={t`Replies to notification mails and mail to the support address appear here as they arrive.`}
          />
        ) : (
          <Card>
            <CardContent className="p-0">
              <Table aria-label={t`Inbound mail`}>
                <TableHeadings names={[t`Received`, t`From`, t`Subject`, t`Fate`]} />
                <TableBody>
                  {items.map((mail) => {
                    const link = postedTo(mail);
                    const fate = mail.posted ? i18n._(inboundPostingMessages[mail.posted]) : mail.reason ? i18n._(inboundDropReasonMessages[mail.reason]) : t`Unfinished`;
                    return (
                      <TableRow key={mail.id}>
                        <TableCell className="whitespace-nowrap">{formatDateTime(mail.createdAt)}</TableCell>
                        <TableCell className="break-all">{mail.from ?? "—"}</TableCell>
                        <TableCell>{mail.subject || <span className="text-muted-foreground">{t`(no subject)`}</span>}</TableCell>
                        <TableCell>
                          <Badge tone={mail.posted ? "green" : "red"}>{fate}</Badge>
                          {link ? (
                            <Link to={link} className="ml-2 text-sm text-primary hover:underline">
                              <Trans>Open</Trans>
                            </Link>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        )
      }
    </QueryStates>
  );
}
