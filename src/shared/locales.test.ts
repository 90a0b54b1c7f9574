import { describe, expect, it } from "vitest";
import { acceptedLanguages, negotiateLocale } from "./locales";

describe("negotiateLocale", () => {
  it("takes the first language Portico speaks, by its primary tag", () => {
    expect(negotiateLocale(["fr-FR", "de-AT", "en"])).toBe("de");
    expect(negotiateLocale(["en-GB", "de"])).toBe("en");
  });

  it("falls back to English when none is spoken", () => {
    expect(negotiateLocale(["fr", "ja"])).toBe("en");
    expect(negotiateLocale([])).toBe("en");
  });
});

describe("acceptedLanguages", () => {
  it("orders an Accept-Language header by weight, keeping the header's order for equal weights", () => {
    expect(acceptedLanguages("fr;q=0.5, de-DE, en;q=0.8, it")).toEqual(["de-DE", "it", "en", "fr"]);
  });

  it("drops the wildcard, refused languages and empty parts", () => {
    expect(acceptedLanguages("*, de;q=0, , en")).toEqual(["en"]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
