/**
 * The languages Portico speaks (ADR 032). English is the source of every text and the fallback;
 * a user's choice is one of these, and so is the language picked from a browser's list.
 */
export const locales = ["en", "de"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** Each language's name in itself, as the account page's picker shows it. */
export const localeNames: Record<Locale, string> = { en: "English", de: "Deutsch" };

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (locales as readonly string[]).includes(value);

/** The first of the browser's languages ("de-AT", "en-GB;q=0.8") that Portico speaks, else English. */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.split(/[-_;]/)[0]?.trim().toLowerCase();
    if (isLocale(language)) return language;
  }
  return defaultLocale;
}

/** An `Accept-Language` header's languages, most wanted first (RFC 9110 weights; `*` and q=0 dropped). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, weight }) => tag && tag !== "*" && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map(({ tag }) => tag);
}
