/**
 * Recurring invoices (issue 42, ADR 048): when a schedule issues, zod-free, so the server's job and
 * the web's preview compute the same dates.
 */

export const recurringFrequencies = ["monthly", "quarterly", "yearly"] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];

export const recurringStatuses = ["active", "paused", "ended"] as const;
export type RecurringStatus = (typeof recurringStatuses)[number];

/** Payment terms: due this many days after each issue at most. */
export const DUE_DAYS_MAX = 365;
/** A schedule issues at most this many invoices (a count beyond is a typing error). */
export const RECURRING_COUNT_MAX = 1200;

export const recurringMessages = {
  frequency: "Frequency must be monthly, quarterly or yearly",
  dayOfMonth: "Day of the month must be a whole number from 1 to 31",
  startDate: "Start date must be a date (YYYY-MM-DD)",
  endDate: "End date must be a date (YYYY-MM-DD)",
  endBeforeStart: "End date cannot be before the start date",
  count: `Number of invoices must be a whole number from 1 to ${RECURRING_COUNT_MAX}`,
  dueDays: `Days to pay must be a whole number from 0 to ${DUE_DAYS_MAX}`,
  endOrCount: "Set an end date or a number of invoices, not both",
  alreadyEnded: "This schedule has ended",
  notActive: "Only an active schedule can be paused",
  notPaused: "Only a paused schedule can be resumed",
} as const;

/** What decides a schedule's dates. */
export interface Schedule {
  frequency: RecurringFrequency;
  /** 1–31; a month without that day issues on its last day (day 31 in April is the 30th). */
  dayOfMonth: number;
  /** YYYY-MM-DD: no issue before it. */
  startDate: string;
  /** YYYY-MM-DD: no issue after it; null for none. */
  endDate: string | null;
  /** How many invoices at most; null for no limit. */
  count: number | null;
}

/** Where a schedule stands: the index of its next date, and how many invoices it issued. */
export interface Position {
  index: number;
  issued: number;
}

const stepMonths: Record<RecurringFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const pad = (value: number) => String(value).padStart(2, "0");

/** The schedule's day in the month `monthIndex` months after year 0's January, as YYYY-MM-DD. */
function dayIn(monthIndex: number, dayOfMonth: number): string {
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${pad(month + 1)}-${pad(Math.min(dayOfMonth, lastDay))}`;
}

const monthIndexOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * The `index`-th issue date of the schedule (0 the first), ignoring its end: the schedule's day in
 * the start's month, or in the next month when that day is already past, then every step after.
 */
export function occurrence(schedule: Pick<Schedule, "frequency" | "dayOfMonth" | "startDate">, index: number): string {
  const startMonth = monthIndexOf(schedule.startDate);
  const first = dayIn(startMonth, schedule.dayOfMonth) >= schedule.startDate ? startMonth : startMonth + 1;
  return dayIn(first + index * stepMonths[schedule.frequency], schedule.dayOfMonth);
}

/**
 * Whether the `index`-th date is still within the schedule: on or before its end date, and with
 * fewer than `count` invoices issued so far (`issued`; dates skipped by a pause count for nothing).
 */
export function isWithin(schedule: Schedule, { index, issued }: Position): boolean {
  if (schedule.count !== null && issued >= schedule.count) return false;
  return schedule.endDate === null || occurrence(schedule, index) <= schedule.endDate;
}

/** Where a schedule stands from `position`: active with its next date, or ended (the database's columns). */
export function standingAt(schedule: Schedule, position: Position) {
  return isWithin(schedule, position)
    ? { status: "active" as const, nextIndex: position.index, nextIssueDate: occurrence(schedule, position.index) }
    : { status: "ended" as const, nextIndex: position.index, nextIssueDate: null };
}

/** The first index whose date is on or after `date` (a schedule resumed after a pause skips what passed). */
export function firstIndexFrom(schedule: Pick<Schedule, "frequency" | "dayOfMonth" | "startDate">, date: string, from = 0): number {
  let index = from;
  while (occurrence(schedule, index) < date) index++;
  return index;
}

/** Up to `limit` issue dates from `position` on, within the end. */
export function upcoming(schedule: Schedule, position: Position, limit = 3): string[] {
  const dates: string[] = [];
  for (let step = 0; dates.length < limit; step++) {
    const next = { index: position.index + step, issued: position.issued + step };
    if (!isWithin(schedule, next)) break;
    dates.push(occurrence(schedule, next.index));
  }
  return dates;
}

/** `days` days after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
