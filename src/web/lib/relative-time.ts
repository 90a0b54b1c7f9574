import { getFormatLocale } from "@/shared/format";

const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

/** One formatter per language the user switches to (shared/format.ts holds the active one). */
function formatter(): Intl.RelativeTimeFormat {
  const locale = getFormatLocale();
  let format = formats.get(locale ?? "");
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    formats.set(locale ?? "", format);
  }
  return format;
}

/** "3 minutes ago", "yesterday": in the reader's language, to the largest whole unit. */
export function relativeTime(instant: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(instant) - now) / 1000);
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size || unit === "second") return formatter().format(Math.trunc(seconds / size), unit);
  }
  return formatter().format(0, "second");
}
