import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createCompiledCatalog } from "@lingui/cli/api";
import { generateMessageId } from "@lingui/message-utils/generateMessageId";
import PO from "pofile";
import type { Plugin } from "vite";
import { reachableFrom, webImportGraph } from "./web-import-graph.ts";

/**
 * A page downloads the messages of its own part of the app, in one language (ADR 032). The
 * translators' catalogue stays one .po file per language (src/web/locales); at build time,
 * `virtual:catalogue/<layer>-<locale>` compiles one layer of it, chosen by the source files the
 * .po names for each message. The layers do not overlap, and an area loads the layers up to its own:
 *
 * - `public`: what every page shows (main.tsx's static imports) and the signed-out pages;
 * - `customer`: the rest of every customer screen (static and lazy imports);
 * - `admin`: every other message;
 * - `known`: the server's and the shared rules' messages (lib/i18n/known-messages.ts) the other
 *   layers do not use, fetched with the first such message a page shows in another language.
 *
 * The pseudo-locale (a test's aid) is built only with PORTICO_PSEUDO_LOCALE=1.
 */
export const layers = ["public", "customer", "admin", "known"] as const;
export type Layer = (typeof layers)[number];

const PREFIX = "virtual:catalogue/";
const KNOWN_MESSAGES = "src/web/lib/i18n/known-messages.ts";
const isPublicRoute = (file: string) => /^src\/web\/app\/routes\/[^/]+\.tsx$/.test(file);
const isCustomerRoot = (file: string) => /^src\/web\/(app\/routes\/dashboard\/|components\/layout\/customer-layout\.tsx$)/.test(file);

/**
 * The source files each area shows (the known messages apart): the catalogue layers, and the
 * customer screens' shared chunk (vite.config.ts), are cut along these lines.
 */
export function areaFiles(root: string) {
  const graph = webImportGraph(root);
  const files = [...graph.keys()];
  const shell = reachableFrom(graph, ["src/web/main.tsx"], { dynamic: false });
  const publicFiles = new Set([...shell, ...reachableFrom(graph, files.filter(isPublicRoute), { dynamic: false })]);
  const customerFiles = new Set([...publicFiles, ...reachableFrom(graph, files.filter(isCustomerRoot), { dynamic: true })]);
  publicFiles.delete(KNOWN_MESSAGES);
  customerFiles.delete(KNOWN_MESSAGES);
  return { publicFiles, customerFiles };
}

/** The layer a message belongs to, by the files that use it. */
function layerOf(files: string[], { publicFiles, customerFiles }: ReturnType<typeof areaFiles>): Layer {
  // A message a screen also writes itself ("Ticket not found") is that screen's, in every language.
  const screens = files.filter((file) => file !== KNOWN_MESSAGES);
  if (screens.length === 0) return "known";
  if (screens.some((file) => publicFiles.has(file))) return "public";
  if (screens.some((file) => customerFiles.has(file))) return "customer";
  return "admin";
}

/** The messages of one layer in one language, `{ id: text }`, from the language's .po file (English for the pseudo-locale). */
export function layerMessages(root: string, layer: Layer, locale: string): Record<string, string> {
  const po = PO.parse(readFileSync(join(root, `src/web/locales/${locale === "pseudo" ? "en" : locale}.po`), "utf8"));
  const areas = areaFiles(root);
  const messages: Record<string, string> = {};
  for (const item of po.items) {
    if (item.obsolete || layerOf(item.references.map((reference) => reference.split(":")[0]!), areas) !== layer) continue;
    // English is the source: a message without its German is shown in English.
    messages[generateMessageId(item.msgid, item.msgctxt ?? undefined)] = (locale === "de" && item.msgstr[0]) || item.msgid;
  }
  return messages;
}

export function areaCatalogues(root: string): Plugin {
  const pseudo = process.env.PORTICO_PSEUDO_LOCALE === "1";
  return {
    name: "portico-area-catalogues",
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [layer, locale] = id.slice(PREFIX.length + 1).split("-") as [Layer, string];
      this.addWatchFile(join(root, `src/web/locales/${locale === "pseudo" ? "en" : locale}.po`));
      // A build without the pseudo-locale has an empty catalogue for it (only a test switches it on).
      const messages = locale === "pseudo" && !pseudo ? {} : layerMessages(root, layer, locale);
      const { source, errors } = createCompiledCatalog(locale, messages, { namespace: "es", pseudoLocale: "pseudo", strict: false });
      if (errors.length > 0) this.error(`Messages of ${locale} that do not compile: ${errors.map((error) => `${error.source} (${error.error.message})`).join("; ")}`);
      return source;
    },
  };
}
