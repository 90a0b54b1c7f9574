import { CheckCircle2, Circle, Clock, PauseCircle, PlayCircle } from "lucide-react";
import {
  invoiceStatusLabels,
  projectStatusLabels,
  ticketPriorityLabels,
  ticketStatusLabels,
  type InvoiceStatus,
  type ProjectStatus,
  type TicketPriority,
  type TicketStatus,
} from "@/shared/enums";
import { Badge, type BadgeTone } from "./ui/badge";

const projectTone: Record<ProjectStatus, BadgeTone> = { active: "green", on_hold: "yellow", completed: "blue" };
const projectIcon = { active: PlayCircle, on_hold: PauseCircle, completed: CheckCircle2 } as const;

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const Icon = projectIcon[status];
  return (
    <Badge tone={projectTone[status]}>
      <Icon className="h-3 w-3" aria-hidden />
      {projectStatusLabels[status]}
    </Badge>
  );
}

const ticketTone: Record<TicketStatus, BadgeTone> = { pending: "yellow", doing: "blue", done: "green" };
const ticketIcon = { pending: Circle, doing: Clock, done: CheckCircle2 } as const;

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const Icon = ticketIcon[status];
  return (
    <Badge tone={ticketTone[status]}>
      <Icon className="h-3 w-3" aria-hidden />
      {ticketStatusLabels[status]}
    </Badge>
  );
}

const priorityTone: Record<TicketPriority, BadgeTone> = { low: "neutral", medium: "blue", high: "orange", urgent: "red" };

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <Badge tone={priorityTone[priority]}>{ticketPriorityLabels[priority]}</Badge>;
}

/** Paid is green, anything else red (spec: Invoices). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={status === "paid" ? "green" : "red"}>{invoiceStatusLabels[status]}</Badge>;
}
