import { i18n, type Messages } from "@lingui/core";
import { negotiateLocale, type Locale } from "@/shared/locales";
import { setFormatLocale } from "@/shared/format";

/**
 * The languages the web app can show: Portico's, plus the pseudo-locale, English made strange
 * (accented, longer) so that a test sees at once any text that skipped the catalogue (ADR 032).
 */
export type UiLocale = Locale | "pseudo";

/**
 * Each catalogue is its own chunk, compiled from its .po file at build time: a page downloads only
 * the active language's.
 */
const catalogues: Record<UiLocale, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../locales/en.po"),
  de: () => import("../../locales/de.po"),
  pseudo: () => import("../../locales/pseudo.po"),
};

/** The last language shown on this device: the next visit's first paint uses it, before /api/me answers. */
const SHOWN_KEY = "portico.locale";
/** Set by hand (or a test) to see the pseudo-locale on every screen. */
export const PSEUDO_KEY = "portico.pseudo-locale";

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The tag Intl formats dates and money with: the browser's own variant of the language when it
 * has one (en-GB writes 25 Nov 2026, en-US Nov 25, 2026), else the language itself. The
 * pseudo-locale formats in Japanese, whose dates and numbers use no Latin letters, so the pseudo
 * test can read every Latin letter left on a screen as untranslated text.
 */
function intlLocaleFor(locale: UiLocale): string {
  if (locale === "pseudo") return "ja";
  return navigator.languages.find((tag) => tag.split("-")[0]?.toLowerCase() === locale) ?? locale;
}

/** Which language the first paint shows: the pseudo switch, then this device's last, then the browser's. */
export function initialLocale(): UiLocale {
  if (stored(PSEUDO_KEY) === "on") return "pseudo";
  const last = stored(SHOWN_KEY);
  if (last === "en" || last === "de") return last;
  return negotiateLocale(navigator.languages);
}

/**
 * The language a signed-in user sees: theirs when they picked one on the account page, else the
 * browser's (its languages are what it sends as Accept-Language). The pseudo switch wins over both.
 */
export function localeFor(chosen: Locale | null | undefined): UiLocale {
  if (stored(PSEUDO_KEY) === "on") return "pseudo";
  return chosen ?? negotiateLocale(navigator.languages);
}

let loading: Promise<void> | undefined;
let loadingLocale: UiLocale | undefined;

/** Loads a language's catalogue (once) and shows it: every `useLingui` reader re-renders. */
export function activateLocale(locale: UiLocale): Promise<void> {
  if (i18n.locale === locale) return Promise.resolve();
  if (loading && loadingLocale === locale) return loading;
  loadingLocale = locale;
  loading = catalogues[locale]().then(({ messages }) => {
    // A later switch started while this one loaded: it decides.
    if (loadingLocale !== locale) return;
    setFormatLocale(intlLocaleFor(locale));
    i18n.loadAndActivate({ locale, messages });
    document.documentElement.lang = locale === "pseudo" ? "en" : locale;
    try {
      if (locale !== "pseudo") localStorage.setItem(SHOWN_KEY, locale);
    } catch {
      // Storage refused (private mode): the next visit negotiates again.
    }
  });
  return loading;
}
