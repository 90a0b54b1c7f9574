import { useLingui } from "@lingui/react/macro";
import type { AccessEvent } from "@/shared/schemas/access-log";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { TimeAgo } from "@/web/components/ui/time-ago";
import { useAccessKindWords, useAccessRecordWords } from "../lib/access-words";

/** One row per entry: when, who, read or changed, which record, and the reason they gave. */
export function AccessLogTable({ events }: { events: AccessEvent[] }) {
  const { t } = useLingui();
  const records = useAccessRecordWords();
  const kinds = useAccessKindWords();
  return (
    <Table>
      <TableHeadings names={[t`Time`, t`Person`, t`Access`, t`Record`, t`Reason`]} />
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id} data-testid="access-log-row" data-access={event.access}>
            <TableCell className="whitespace-nowrap">
              <TimeAgo at={event.at} />
            </TableCell>
            <TableCell>
              <div>{event.actorName || event.actorEmail}</div>
              <div className="text-xs break-all text-muted-foreground">{event.actorEmail}</div>
            </TableCell>
            <TableCell>{kinds[event.access]}</TableCell>
            <TableCell>
              <span className="text-muted-foreground">{records[event.recordType]}</span> {event.recordLabel ?? ""}
            </TableCell>
            <TableCell className="whitespace-pre-wrap">{event.reason ?? ""}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
