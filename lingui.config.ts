import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The message catalogues (ADR 032). English is the source and the fallback; German is the second
 * language; "pseudo" is generated from English (accented, longer) so a test can find text that
 * never went through a catalogue. `npm run i18n:extract` refreshes the catalogues from the code.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "de", "pseudo"],
  pseudoLocale: "pseudo",
  fallbackLocales: { default: "en" },
  // Source-file line numbers would change the catalogue on every edit above a message.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: "<rootDir>/src/web/locales/{locale}", include: ["<rootDir>/src/web"], exclude: ["**/*.test.ts"] },
    { path: "<rootDir>/src/server/mail/locales/{locale}", include: ["<rootDir>/src/server/mail", "<rootDir>/src/shared/rules/invoice-fields.ts"], exclude: ["**/*.test.ts"] },
  ],
});
