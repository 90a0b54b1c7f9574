/**
 * The one place dates, instants and money are formatted (DESIGN D6, D8), in the user's locale.
 * Dates are SQL `date` strings (YYYY-MM-DD) and must not shift with the time zone; instants are
 * ISO timestamps shown in local time.
 */
/**
 * The locale Intl formats in: the web app sets the user's language (web/lib/i18n.ts, ADR 032);
 * undefined is the runtime's own, as before any language is chosen.
 */
let intlLocale: string | undefined;
const cache = new Map<string, Intl.DateTimeFormat>();

export function setFormatLocale(locale: string | undefined): void {
  intlLocale = locale;
}

export function getFormatLocale(): string | undefined {
  return intlLocale;
}

function dateTimeFormat(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocale ?? ""}|${name}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale, options);
    cache.set(key, format);
  }
  return format;
}

const dateFormat = () => dateTimeFormat("date", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const instantDateFormat = () => dateTimeFormat("instantDate", { year: "numeric", month: "short", day: "numeric" });
const instantFormat = () => dateTimeFormat("instant", { dateStyle: "medium", timeStyle: "short" });
const timeFormat = () => dateTimeFormat("time", { hour: "numeric", minute: "2-digit" });

/** "2026-03-01" → "Mar 1, 2026" (never off by a day, whatever the time zone). */
export function formatDate(date: string | null | undefined, empty = "N/A"): string {
  if (!date) return empty;
  const parsed = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? empty : dateFormat().format(parsed);
}

/** An instant's calendar day in local time. */
export function formatInstantDate(instant: string | null | undefined, empty = "N/A"): string {
  if (!instant) return empty;
  return instantDateFormat().format(new Date(instant));
}

export function formatDateTime(instant: string): string {
  return instantFormat().format(new Date(instant));
}

export function formatTime(instant: string): string {
  return timeFormat().format(new Date(instant));
}

/** A count in the user's language: 12,345 or 12.345. */
export function formatNumber(value: number): string {
  return value.toLocaleString(intlLocale);
}

/** A decimal string from the API ("1234.5") → "1,234.50"; exact, no float arithmetic on money. */
export function formatAmount(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign, whole, fraction = ""] = match;
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${grouped}.${(fraction + "00").slice(0, 2)}`;
}

/** Money with the currency sign, shown on both the customer and admin sides (DESIGN D6). */
export function formatMoney(amount: string): string {
  const formatted = formatAmount(amount);
  return formatted.startsWith("-") ? `-$${formatted.slice(1)}` : `$${formatted}`;
}

/** Display name: full name, otherwise email (spec: Layout). */
export function displayName(user: { name?: string | null; email: string }): string {
  return user.name?.trim() || user.email;
}
