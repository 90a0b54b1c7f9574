import { acceptedLanguages, negotiateLocale, type Locale } from "@/shared/locales";

/**
 * The language a request's browser asks for (Accept-Language), among Portico's: English for a
 * browser that names only languages Portico does not speak; null when it names none, so that an
 * earlier answer is kept.
 */
export function browserLocaleOf(headers: Headers | undefined): Locale | null {
  const languages = acceptedLanguages(headers?.get("accept-language"));
  return languages.length > 0 ? negotiateLocale(languages) : null;
}
