import { readFileSync } from "node:fs";
import { join } from "node:path";
import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import PO from "pofile";
import type { Locale } from "@/shared/locales";
import { projectRoot } from "../env";

/**
 * The mail's languages (ADR 032). Every text of a mail is a message of the mail catalogue
 * (src/server/mail/locales/<locale>.po): an explicit id and its English, written in the code as
 * `/*i18n*\/ { id, message }` so that `lingui extract` finds it (the server runs no Lingui macros).
 * A mail is rendered in its recipient's language; a message German lacks is sent in English.
 */
export interface MailMessage {
  /** "mail.<template>.<what>": stable, so a reworded English keeps its translation's place. */
  id: string;
  /** The English, in ICU syntax: `{name}`, `{count, plural, one {# update} other {# updates}}`. */
  message: string;
}

export type MailValues = Record<string, string | number>;

/** A language's translation function, as every template and mail text gets it. */
export interface Translate {
  (message: MailMessage, values?: MailValues): string;
  readonly locale: Locale;
}

/** Where a language's catalogue is: in the checkout, which the bundled server runs from too (env.ts). */
export const catalogPath = (locale: Locale) => join(projectRoot(), "src", "server", "mail", "locales", `${locale}.po`);

/** A catalogue's translations by id; a message not translated yet (empty msgstr) is left out. */
export function readCatalog(locale: Locale): Record<string, string> {
  const po = PO.parse(readFileSync(catalogPath(locale), "utf8"));
  const messages: Record<string, string> = {};
  for (const item of po.items) {
    const text = item.msgstr[0];
    if (!item.obsolete && item.msgid && text) messages[item.msgid] = text;
  }
  return messages;
}

const instances = new Map<Locale, I18n>();

/**
 * One Lingui instance per language, its catalogue read and compiled at first use and kept. A
 * message missing from it falls back to the English in the code (compiled then), so a catalogue
 * that lags behind the code sends English, never an id.
 */
export function mailI18n(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const messages = Object.fromEntries(Object.entries(readCatalog(locale)).map(([id, text]) => [id, compileMessage(text)]));
    i18n = setupI18n({ locale, locales: [locale], messages: { [locale]: messages } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  return i18n;
}

/**
 * Counts (`#` in a plural) as the English mail always wrote them, without grouping: "1000
 * updates", never "1,000 updates". A value's text is left as it is too: Lingui decodes `\u0041`
 * and `\x41` in a finished message, so a value holding one (a title, a URL) goes in as a marker
 * and is put back after.
 */
const formats = { number: { useGrouping: false } };
const ESCAPE_LIKE = /\\(u[a-fA-F0-9]{4}|x[a-fA-F0-9]{2})/;
const MARKER = (index: number) => `\uE000${index}\uE001`;

/** The translation function of `locale`. */
export function translator(locale: Locale): Translate {
  const i18n = mailI18n(locale);
  const translate = (message: MailMessage, values: MailValues = {}) => {
    const kept: string[] = [];
    const safe = Object.fromEntries(
      Object.entries(values).map(([name, value]) => {
        if (typeof value !== "string" || !ESCAPE_LIKE.test(value)) return [name, value];
        kept.push(value);
        return [name, MARKER(kept.length - 1)];
      }),
    );
    const text = i18n._(message.id, safe, { message: message.message, formats });
    return kept.reduce((result, value, index) => result.replaceAll(MARKER(index), () => value), text);
  };
  return Object.assign(translate, { locale });
}
