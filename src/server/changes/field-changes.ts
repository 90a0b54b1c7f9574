import Big from "big.js";
import { activityFields, type ActivitySubject } from "@/shared/rules/activity";
import type { HistoryEntry } from "./change";

type Stored = string | number | Date | null | undefined;

/** A column's value as the history keeps it: dates as YYYY-MM-DD or ISO text, numbers as text. */
function asText(value: Stored): string | null {
  if (value === null || value === undefined || value === "") return null;
  return value instanceof Date ? value.toISOString() : String(value);
}

/** Money compared as money, exactly: "120" and "120.00" are the same amount. */
const sameValue = (field: string, before: string | null, after: string | null) =>
  field === "amount" && before !== null && after !== null ? new Big(before).eq(after) : before === after;

/**
 * One `changed` entry per recorded field (shared/rules/activity.ts) whose new value differs from
 * the stored one, for the history part of a change. Fields the change leaves out (`undefined`)
 * did not change; a field recorded without its text (`values: false`) keeps neither before nor after.
 */
export function fieldChanges(subject: ActivitySubject, before: Record<string, Stored>, after: Record<string, Stored>): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const [field, rule] of Object.entries(activityFields[subject])) {
    if (after[field] === undefined) continue;
    const from = asText(before[field]);
    const to = asText(after[field]);
    if (sameValue(field, from, to)) continue;
    entries.push(rule.values ? { kind: "changed", field, from, to } : { kind: "changed", field });
  }
  return entries;
}
