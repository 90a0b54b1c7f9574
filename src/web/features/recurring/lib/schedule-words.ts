import { plural, t } from "@lingui/core/macro";
import { formatDate, getFormatLocale } from "@/shared/format";
import { occurrence, type Schedule } from "@/shared/rules/recurring";

/** The fewest days each month has (February 28): a schedule's day past it falls on the month's last day. */
const shortestMonth = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const stepMonths = { monthly: 1, quarterly: 3, yearly: 12 } as const;

type Timing = Pick<Schedule, "frequency" | "dayOfMonth" | "startDate">;

/** The months (0–11, in calendar order) a schedule issues in: from its first date, every step. */
export function scheduleMonths(schedule: Timing): number[] {
  const first = Number(occurrence(schedule, 0).slice(5, 7)) - 1;
  const step = stepMonths[schedule.frequency];
  const months = new Set<number>();
  for (let month = first; months.size < 12 / step; month += step) months.add(month % 12);
  return [...months].sort((a, b) => a - b);
}

/** Whether some month the schedule issues in lacks its day, so that it issues on the month's last day there. */
export const fallsOnLastDay = (schedule: Timing) => scheduleMonths(schedule).some((month) => shortestMonth[month]! < schedule.dayOfMonth);

const monthName = (month: number) => new Intl.DateTimeFormat(getFormatLocale(), { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2000, month, 1)));

/** "March 15" (or "15. März"): a leap year's calendar, so day 29 of February is written as it. */
const dayOfMonthName = (month: number, day: number) =>
  new Intl.DateTimeFormat(getFormatLocale(), { month: "long", day: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(2000, month, Math.min(day, new Date(Date.UTC(2000, month + 1, 0)).getUTCDate()))));

/**
 * When a schedule issues, in the reader's words: "Monthly on day 15", "Quarterly on day 1 of
 * January, April, July and October", "Yearly on March 15".
 */
export function scheduleInWords(schedule: Timing): string {
  const day = schedule.dayOfMonth;
  switch (schedule.frequency) {
    case "monthly":
      return t`Monthly on day ${day}`;
    case "quarterly": {
      const months = new Intl.ListFormat(getFormatLocale(), { type: "conjunction" }).format(scheduleMonths(schedule).map(monthName));
      return t`Quarterly on day ${day} of ${months}`;
    }
    case "yearly": {
      const date = dayOfMonthName(scheduleMonths(schedule)[0]!, day);
      return t`Yearly on ${date}`;
    }
  }
}

/** From when and until when: "From Jan 1, 2027 until Dec 31, 2027", "From Jan 1, 2027, 12 invoices in all", "From Jan 1, 2027, with no end". */
export function scheduleSpanInWords(schedule: Pick<Schedule, "startDate" | "endDate" | "count">): string {
  const start = formatDate(schedule.startDate);
  if (schedule.endDate) {
    const end = formatDate(schedule.endDate);
    return t`From ${start} until ${end}`;
  }
  if (schedule.count !== null) return plural(schedule.count, { one: `From ${start}, # invoice in all`, other: `From ${start}, # invoices in all` });
  return t`From ${start}, with no end`;
}
