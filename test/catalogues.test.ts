import { getConfig } from "@lingui/conf";
import { getCatalogs } from "@lingui/cli/api";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The message catalogues (ADR 032) against the code: every message the code uses is in every
 * language's catalogue, each has its German, and a German text keeps the English one's placeholders.
 * A message missing from a catalogue fails here, not on a user's screen as English (or as an id).
 */
type Catalogue = Awaited<ReturnType<typeof getCatalogs>>[number];
const config = getConfig({ configPath: "lingui.config.ts", skipValidation: true });

/**
 * Values a message is given in two forms, where a language may take the other: English writes a
 * notification kind in lower case mid-sentence, German keeps a noun's capital (mail templates).
 */
const sameValue: Record<string, string> = { kindLabelLower: "kindLabel" };

/** `{name}`, `{count, plural, …}` → name, count; `#` inside a plural is the count itself. */
const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)].map((match) => sameValue[match[1]!] ?? match[1]!))].sort();

let catalogues: { name: string; catalogue: Catalogue; inCode: Set<string> }[];

beforeAll(async () => {
  catalogues = await Promise.all(
    (await getCatalogs(config)).map(async (catalogue) => {
      const extracted = await catalogue.collect();
      if (!extracted) throw new Error(`Lingui could not read the sources of ${catalogue.path}`);
      return { name: catalogue.path.replace(config.rootDir ?? "", ""), catalogue, inCode: new Set(Object.keys(extracted)) };
    }),
  );
}, 120_000);

describe("message catalogues", () => {
  it("cover the web app and the mail, each with messages in it", () => {
    expect(catalogues.map(({ name }) => name).sort()).toEqual(["/src/server/mail/locales/{locale}", "/src/web/locales/{locale}"]);
    for (const { name, inCode } of catalogues) expect(inCode.size, name).toBeGreaterThan(0);
  });

  it("hold every message the code uses, in every language, and none the code no longer uses", async () => {
    for (const { name, catalogue, inCode } of catalogues) {
      for (const locale of ["en", "de"]) {
        const stored = Object.entries(await catalogue.read(locale)).filter(([, message]) => !message.obsolete);
        const ids = new Set(stored.map(([id]) => id));
        expect([...inCode].filter((id) => !ids.has(id)), `${name} ${locale}: in the code, missing from the catalogue (npm run i18n:extract)`).toEqual([]);
        expect([...ids].filter((id) => !inCode.has(id)), `${name} ${locale}: in the catalogue, no longer in the code (npm run i18n:extract)`).toEqual([]);
      }
    }
  });

  it("have a German text for every message, with the English one's placeholders", async () => {
    for (const { name, catalogue } of catalogues) {
      const [english, german] = await Promise.all([catalogue.read("en"), catalogue.read("de")]);
      const untranslated: string[] = [];
      const mismatched: string[] = [];
      for (const [id, message] of Object.entries(english)) {
        if (message.obsolete) continue;
        const source = message.translation || message.message || id;
        const translation = german[id]?.translation;
        if (!translation) untranslated.push(source);
        else if (placeholders(translation).join() !== placeholders(source).join()) mismatched.push(`${source} → ${translation}`);
      }
      expect(untranslated, `${name}: no German`).toEqual([]);
      expect(mismatched, `${name}: placeholders differ`).toEqual([]);
    }
  });
});
