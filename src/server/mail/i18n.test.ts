import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { mailI18n, readCatalog, translator } from "./i18n";

const english = readCatalog("en");
const german = readCatalog("de");

/** A compiled message's tokens (text alone compiles to a string): text, `[name]`, `[name, "plural", { one: tokens, other: tokens, offset }]`. */
type Token = string | [string, string?, Record<string, Token[] | string | undefined>?];

/**
 * The placeholders a message takes, plurals' branches included. A kind's label comes as it is and
 * in lower case (templates/notification.tsx): a language uses either.
 */
function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[] | string | undefined) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (typeof token === "string") continue;
      const [name, , branches] = token;
      names.add(name === "kindLabelLower" ? "kindLabel" : name);
      for (const branch of Object.values(branches ?? {})) walk(branch);
    }
  };
  walk(compileMessage(message) as Token[] | string);
  return [...names].sort();
}

describe("the mail catalogues", () => {
  it("hold every text of the mail, each with its English", () => {
    expect(Object.keys(english).length).toBeGreaterThan(90);
    for (const [id, text] of Object.entries(english)) {
      expect(id, id).toMatch(/^mail\.[a-z-]+(\.[a-z-]+)+$/);
      expect(text.trim(), id).not.toBe("");
    }
  });

  it("translate every English message into German, with the same placeholders and nothing German lacks", () => {
    const untranslated = Object.keys(english).filter((id) => !german[id]?.trim());
    expect(untranslated).toEqual([]);
    expect(Object.keys(german).filter((id) => !(id in english))).toEqual([]);
    for (const [id, text] of Object.entries(english)) expect(placeholdersOf(german[id]!), id).toEqual(placeholdersOf(text));
  });
});

describe("translating a mail's text", () => {
  const message = { id: "mail.notification-digest.subject", message: "Your {brandName} summary: {count, plural, one {# update} other {# updates}}" };

  it("writes the recipient's language, plurals included, and counts as the English mail always did (no grouping)", () => {
    expect(translator("en")(message, { brandName: "Portico", count: 1 })).toBe("Your Portico summary: 1 update");
    expect(translator("en")(message, { brandName: "Portico", count: 1234 })).toBe("Your Portico summary: 1234 updates");
    expect(translator("de")(message, { brandName: "Portico", count: 1 })).toBe("Ihre Zusammenfassung von Portico: 1 Neuigkeit");
    expect(translator("de")(message, { brandName: "Portico", count: 3 })).toBe("Ihre Zusammenfassung von Portico: 3 Neuigkeiten");
    expect(translator("de").locale).toBe("de");
  });

  it("falls back to the English of the code for a message the catalogue does not hold", () => {
    const absent = { id: "mail.test.absent", message: "Only in {place}" };
    expect(translator("de")(absent, { place: "English" })).toBe("Only in English");
    expect(translator("en")(absent, { place: "English" })).toBe("Only in English");
  });

  it("puts a value in as it is, escape-like text and ICU syntax included", () => {
    const greeting = { id: "mail.password-reset.greeting", message: "Hello {name}," };
    for (const name of [String.raw`Ad\u0041 \x41`, "{name} it's #1", "a\\b"]) {
      expect(translator("en")(greeting, { name })).toBe(`Hello ${name},`);
      expect(translator("de")(greeting, { name })).toBe(`Hallo ${name},`);
    }
  });

  it("reads each catalogue once and keeps its instance", () => {
    expect(mailI18n("de")).toBe(mailI18n("de"));
    expect(mailI18n("de")).not.toBe(mailI18n("en"));
    expect(mailI18n("de").locale).toBe("de");
  });
});
