import { i18n, type Messages } from "@lingui/core";
import { negotiateLocale, type Locale } from "@/shared/locales";
import { setFormatLocale } from "@/shared/format";

/**
 * The languages the web app can show: Portico's, plus the pseudo-locale, English made strange
 * (accented, longer) so that a test sees at once any text that skipped the catalogue (ADR 032).
 */
export type UiLocale = Locale | "pseudo";

/**
 * Where in the app the reader is. The catalogue comes in layers (scripts/area-catalogues.ts): the
 * signed-out pages' and the app shell's messages, the customer screens' rest, the admin screens'
 * rest, and the server's messages (`known`, fetched with the first one shown). An area loads the
 * layers up to its own, each language's layer is a chunk of its own, and so a page downloads only
 * its own part of its own language.
 */
export type Area = "public" | "customer" | "admin";
type Layer = Area | "known";
const layersOf: Record<Area, Layer[]> = { public: ["public"], customer: ["public", "customer"], admin: ["public", "customer", "admin"] };
const areaRank: Record<Area, number> = { public: 0, customer: 1, admin: 2 };

const catalogues: Record<Layer, Record<UiLocale, () => Promise<{ messages: Messages }>>> = {
  public: {
    en: () => import("virtual:catalogue/public-en"),
    de: () => import("virtual:catalogue/public-de"),
    pseudo: () => import("virtual:catalogue/public-pseudo"),
  },
  customer: {
    en: () => import("virtual:catalogue/customer-en"),
    de: () => import("virtual:catalogue/customer-de"),
    pseudo: () => import("virtual:catalogue/customer-pseudo"),
  },
  admin: {
    en: () => import("virtual:catalogue/admin-en"),
    de: () => import("virtual:catalogue/admin-de"),
    pseudo: () => import("virtual:catalogue/admin-pseudo"),
  },
  known: {
    en: () => import("virtual:catalogue/known-en"),
    de: () => import("virtual:catalogue/known-de"),
    pseudo: () => import("virtual:catalogue/known-pseudo"),
  },
};

/** The area a path belongs to. */
export const areaOf = (pathname: string): Area => (pathname.startsWith("/admin") ? "admin" : pathname.startsWith("/dashboard") ? "customer" : "public");

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

/** What is wanted: a language, the largest area entered so far, and whether the server's messages are needed. */
let wanted: { locale: UiLocale; area: Area; known: boolean } = { locale: "en", area: typeof window === "undefined" ? "public" : areaOf(window.location.pathname), known: false };
/** The language on screen, and the layers of it loaded. */
let shownLocale: UiLocale | undefined;
const loaded = new Set<Layer>();
let work: Promise<void> = Promise.resolve();

const missingLayers = () => [...layersOf[wanted.area], ...(wanted.known ? (["known"] as const) : [])].filter((layer) => wanted.locale !== shownLocale || !loaded.has(layer));

/** Loads what is wanted and shows it, one step at a time; a want that changed meanwhile is loaded next. */
function sync(): Promise<void> {
  work = work
    .catch(() => undefined)
    .then(async () => {
      for (let missing = missingLayers(); missing.length > 0; missing = missingLayers()) {
        const { locale } = wanted;
        const parts = await Promise.all(missing.map((layer) => catalogues[layer][locale]()));
        const messages: Messages = Object.assign({}, ...parts.map((part) => part.messages));
        if (locale === shownLocale) {
          // More layers of the language on screen: their messages join those already there.
          i18n.load(locale, messages);
        } else {
          setFormatLocale(intlLocaleFor(locale));
          i18n.loadAndActivate({ locale, messages });
          document.documentElement.lang = locale === "pseudo" ? "en" : locale;
          shownLocale = locale;
          loaded.clear();
          try {
            if (locale !== "pseudo") localStorage.setItem(SHOWN_KEY, locale);
          } catch {
            // Storage refused (private mode): the next visit negotiates again.
          }
        }
        missing.forEach((layer) => loaded.add(layer));
      }
    });
  return work;
}

/** Shows a language: its catalogue layers for the area on screen load (once), then every reader re-renders. */
export function activateLocale(locale: UiLocale): Promise<void> {
  wanted = { ...wanted, locale };
  return sync();
}

/** Before an area's first screen renders: its messages, in the language on screen (a smaller area has them already). */
export function enterArea(area: Area): Promise<void> {
  if (areaRank[area] > areaRank[wanted.area]) wanted = { ...wanted, area };
  return sync();
}

/**
 * The server's messages, wanted once a page shows one in a language other than English; until
 * they arrive it shows its own message (lib/i18n/known-messages.ts), then renders again.
 */
export function wantKnownMessages(): void {
  // Nothing on screen came from a catalogue yet (a test that loads its own messages): nothing to add to.
  if (wanted.known || shownLocale === undefined) return;
  wanted = { ...wanted, known: true };
  void sync();
}
