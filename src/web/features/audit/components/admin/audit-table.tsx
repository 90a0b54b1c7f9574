import { Trans, useLingui } from "@lingui/react/macro";
import type { AuditEvent } from "@/shared/schemas/audit";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import { TimeAgo } from "@/web/components/ui/time-ago";
import { auditKindMessages } from "@/web/lib/i18n/admin-labels";

/** The browser and system a User-Agent names, short enough for a table cell; the whole string on hover. */
function shortAgent(userAgent: string): string {
  const browser = /(Edg|Firefox|Chrome|Safari)\/(\d+)/.exec(userAgent);
  const system = /(Windows|Mac OS X|Android|iPhone|Linux)/.exec(userAgent);
  if (!browser) return userAgent.length > 32 ? `${userAgent.slice(0, 31)}…` : userAgent;
  const name = browser[1] === "Edg" ? "Edge" : browser[1];
  return `${name} ${browser[2]}${system ? ` · ${system[1] === "Mac OS X" ? "macOS" : system[1]}` : ""}`;
}

const target = (event: AuditEvent) => event.targetLabel ?? event.targetId ?? "";

/** One row per event: when, what, who, to what or whom, for which company, from where. */
export function AuditTable({ events }: { events: AuditEvent[] }) {
  const { t, i18n } = useLingui();
  return (
    <Table>
      <TableHeadings names={[t`Time`, t`Event`, t`Actor`, t`Target`, t`Company`, t`Address`, t`Browser`]} />
      <TableBody>
        {events.map((event) => (
          <TableRow key={event.id} data-testid="audit-row">
            <TableCell className="whitespace-nowrap">
              <TimeAgo at={event.at} />
            </TableCell>
            <TableCell>{i18n._(auditKindMessages[event.kind])}</TableCell>
            <TableCell className="break-all">{event.actorEmail ?? (
                <span className="text-muted-foreground">
                  <Trans>Unknown</Trans>
                </span>
              )}</TableCell>
            <TableCell className="break-all">{target(event)}</TableCell>
            <TableCell>{event.companyName ?? ""}</TableCell>
            <TableCell className="font-mono text-xs">{event.ip ?? ""}</TableCell>
            <TableCell className="text-xs" title={event.userAgent ?? undefined}>
              {event.userAgent ? shortAgent(event.userAgent) : ""}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
