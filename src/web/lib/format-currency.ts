import { getFormatLocale } from "@/shared/format";

/**
 * Money in the installation's currency (CURRENCY, sent on every invoice and balance), in the
 * user's locale: USD in en-US is the spec's "$1,234.50". The amount goes to Intl as the server's
 * decimal string, which Intl formats exactly: no float ever touches a cent.
 */
const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: string, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ""}|${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** "1234.5", "USD" → "$1,234.50"; text that is not a decimal is shown as it came. */
export function formatCurrency(amount: string, currency: string, locale = getFormatLocale()): string {
  const value = amount.trim();
  if (!DECIMAL.test(value)) return amount;
  try {
    return formatFor(currency, locale).format(value as `${number}`);
  } catch {
    // An unknown currency code: the amount with the code, rather than a broken screen.
    return `${value} ${currency}`;
  }
}
