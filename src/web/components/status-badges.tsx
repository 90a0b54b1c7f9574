import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, Circle, Clock, PauseCircle, PlayCircle, type LucideIcon } from "lucide-react";
import type { InvoiceStatus, ProjectStatus, TicketPriority, TicketStatus } from "@/shared/enums";
import { invoiceStatusMessages, projectStatusMessages, ticketPriorityMessages, ticketStatusMessages } from "@/web/lib/i18n/labels";
import { Badge, type BadgeTone } from "./ui/badge";

/** A status badge with its icon: projects and tickets show theirs alike. */
function IconStatusBadge({ tone, Icon, label }: { tone: BadgeTone; Icon: LucideIcon; label: string }) {
  return (
    <Badge tone={tone}>
      <Icon className="h-3 w-3" aria-hidden />
      {label}
    </Badge>
  );
}

const projectTone: Record<ProjectStatus, BadgeTone> = { active: "green", on_hold: "yellow", completed: "blue" };
const projectIcon = { active: PlayCircle, on_hold: PauseCircle, completed: CheckCircle2 } as const;

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { i18n } = useLingui();
  return <IconStatusBadge tone={projectTone[status]} Icon={projectIcon[status]} label={i18n._(projectStatusMessages[status])} />;
}

/*
 * A ticket's status and its priority sit side by side, so they use different colour families and
 * marks: status in slate, blue and green with a state icon; priority outlined, without one, from grey
 * through amber and orange to red. Each tone has its dark variant in badgeTones (AA in both).
 */
const ticketTone: Record<TicketStatus, BadgeTone> = { pending: "neutral", doing: "blue", done: "green" };
const ticketIcon = { pending: Circle, doing: Clock, done: CheckCircle2 } as const;

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { i18n } = useLingui();
  return <IconStatusBadge tone={ticketTone[status]} Icon={ticketIcon[status]} label={i18n._(ticketStatusMessages[status])} />;
}

const priorityTone: Record<TicketPriority, BadgeTone> = { low: "neutral", medium: "yellow", high: "orange", urgent: "red" };

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={priorityTone[priority]} className="border border-current/30">
      {i18n._(ticketPriorityMessages[priority])}
    </Badge>
  );
}

// Partially paid is still owed: red like unpaid (spec: paid green, otherwise red).
const invoiceTone: Record<InvoiceStatus, BadgeTone> = { draft: "neutral", unpaid: "red", partially_paid: "red", paid: "green", void: "neutral" };

/**
 * Paid is green, unpaid red (spec: Invoices); a draft is grey, and a void invoice is struck through
 * and faded, as a cancelled document. An overdue invoice (unpaid, due date passed: the server
 * decides, in the installation's time zone) gets a red "Overdue" badge beside its status, not in
 * place of it.
 */
export function InvoiceStatusBadge({ status, overdue = false }: { status: InvoiceStatus; overdue?: boolean }) {
  const { i18n } = useLingui();
  const badge = (
    <Badge tone={invoiceTone[status]} className={status === "void" ? "text-muted-foreground line-through" : undefined}>
      {i18n._(invoiceStatusMessages[status])}
    </Badge>
  );
  if (!overdue) return badge;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {badge}
      <Badge tone="red" className="border border-red-300 dark:border-red-800">
        <Trans>Overdue</Trans>
      </Badge>
    </span>
  );
}
