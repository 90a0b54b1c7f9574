import { BASE_ERROR_CODES } from "@better-auth/core/error";
import { i18n, type MessageDescriptor } from "@lingui/core";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { apiTokenMessages } from "@/shared/rules/api-token";
import { authMessages, RESET_REQUESTED } from "@/shared/rules/auth";
import { commentMessages } from "@/shared/rules/comment";
import { INVALID_EMAIL, NOTHING_TO_UPDATE } from "@/shared/rules/common";
import { companyMessages } from "@/shared/rules/company";
import { fileMessages } from "@/shared/rules/file";
import { invoiceMessages } from "@/shared/rules/invoice";
import { LINK_URL_AMBIGUOUS_MESSAGE } from "@/shared/rules/link-url";
import { memberMessages } from "@/shared/rules/member";
import { messageMessages, NO_COMPANY_FOR_MESSAGES } from "@/shared/rules/message";
import { moneyMessages } from "@/shared/rules/money";
import { paymentMessages } from "@/shared/rules/payment";
import { projectMessages } from "@/shared/rules/project";
import { quoteMessages } from "@/shared/rules/quote";
import { recurringMessages } from "@/shared/rules/recurring";
import { setupMessages } from "@/shared/rules/setup";
import { textMessages } from "@/shared/rules/text";
import { ticketMessages } from "@/shared/rules/ticket";
import { timeEntryMessages } from "@/shared/rules/time-entry";
import { twoFactorMessages } from "@/shared/rules/two-factor";
import { ssoMessages } from "@/shared/rules/single-sign-on";
import { userMessages } from "@/shared/rules/user";
import { WEBHOOK_ALLOW_PRIVATE_SETTING, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_URL_MAX } from "@/shared/rules/webhooks";
import { ApiError, errorMessage, problemDetail } from "../api";
import * as known from "./known-messages";
import { knownTicketMessages, knownValueMessages, messageIdOf, translateKnown } from "./known-messages";

/** The catalogue id the macro gave the server's 401 detail (a compiled catalogue is keyed by it). */
const signInToContinue = known.knownServerMessages.find(({ message }) => message === "Sign in to continue")!.id;
const src = fileURLToPath(new URL("../../..", import.meta.url));

/** Every non-test TypeScript source under `folders` (relative to src/), as one text. */
function sources(...folders: string[]): string {
  return folders
    .flatMap((folder) =>
      (readdirSync(join(src, folder), { recursive: true }) as string[])
        .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        .map((file) => readFileSync(join(src, folder, file), "utf8")),
    )
    .join("\n");
}

/** Each descriptor's English and id, to compare with what its source says: the id is the hash of the English. */
const catalogued = (messages: Record<string, MessageDescriptor>) =>
  Object.fromEntries(Object.entries(messages).map(([key, { id, message }]) => [key, { id, message }]));
const expected = (texts: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(texts).flatMap(([key, text]) => (typeof text === "string" ? [[key, { id: messageIdOf(text), message: text }]] : [])));

/** Each map of a shared message object beside that object (a function message is left to `knownBuiltMessages`). */
const sharedPairs = {
  knownTicketMessages: ticketMessages,
  knownCompanyMessages: companyMessages,
  knownCommentMessages: commentMessages,
  knownProjectMessages: projectMessages,
  knownInvoiceMessages: invoiceMessages,
  knownMoneyMessages: moneyMessages,
  knownPaymentMessages: paymentMessages,
  knownTextMessages: textMessages,
  knownTimeEntryMessages: timeEntryMessages,
  knownQuoteMessages: quoteMessages,
  knownRecurringMessages: recurringMessages,
  knownApiTokenMessages: apiTokenMessages,
  knownAuthMessages: authMessages,
  knownFileMessages: fileMessages,
  knownMemberMessages: memberMessages,
  knownMessageMessages: messageMessages,
  knownSetupMessages: setupMessages,
  knownTwoFactorMessages: twoFactorMessages,
  knownSsoMessages: ssoMessages,
  knownUserMessages: userMessages,
} as const;

/** What each of `knownBuiltMessages` is built from. */
const builtTexts: Record<keyof typeof known.knownBuiltMessages, string> = {
  NOTHING_TO_UPDATE,
  INVALID_EMAIL,
  RESET_REQUESTED,
  NO_COMPANY_FOR_MESSAGES,
  LINK_URL_AMBIGUOUS_MESSAGE,
  issueDateInvalid: invoiceMessages.invalidDate("Issue date"),
  dueDateInvalid: invoiceMessages.invalidDate("Due date"),
  webhookUrlTooLong: `At most ${WEBHOOK_URL_MAX} characters`,
  webhookDescriptionTooLong: `At most ${WEBHOOK_DESCRIPTION_MAX} characters`,
  webhookEndpointsMax: `There are ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints already, the most one installation can have: delete one first`,
  webhookPrivateAddress: `The URL points to a loopback, private or link-local address, which webhooks may not call unless the server is started with ${WEBHOOK_ALLOW_PRIVATE_SETTING}=true`,
  commentAuthorOnly: "Only the comment's author or an admin can attach files to it",
  messageAuthorOnly: "Only the message's author or an admin can attach files to it",
};

describe("known messages in the catalogue", () => {
  it("maps every shared message object of known-messages.ts", () => {
    const maps = Object.keys(known).filter((name) => /^known\w+Messages$/.test(name) && !/^known(Built|Value|Schema|Server|BetterAuth)Messages$/.test(name));
    expect(maps.sort()).toEqual(Object.keys(sharedPairs).sort());
  });

  it.each(Object.entries(sharedPairs))("%s: the English of each message is the shared one, word for word, and none is missing", (name, shared) => {
    expect(catalogued(known[name as keyof typeof sharedPairs])).toEqual(expected(shared));
  });

  it("texts built from shared constants and functions are their message's English", () => {
    expect(catalogued(known.knownBuiltMessages)).toEqual(expected(builtTexts));
  });

  it("the server's templates of the texts built here are as they were", () => {
    const server = sources("server");
    expect(server).toContain("There are ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints already, the most one installation can have: delete one first");
    expect(server).toContain("which webhooks may not call unless the server is started with ${WEBHOOK_ALLOW_PRIVATE_SETTING}=true");
    expect(server).toContain("Only the ${what}'s author or an admin can attach files to it");
    expect(server).toContain("You can post at most ${limit} messages, tickets, comments and files a minute. Please wait a moment.");
    expect(sources("shared/schemas")).toContain("`At most ${WEBHOOK_URL_MAX} characters`");
  });

  /** The English of each message of a list, after checking that its id is the hash of it. */
  const englishOf = (messages: readonly MessageDescriptor[]) =>
    messages.map(({ id, message }) => {
      expect(id).toBe(messageIdOf(message!));
      return message!;
    });

  it("inline schema messages are still written so in the schemas", () => {
    const schemas = sources("shared/schemas", "web/lib/schemas");
    // The invoice text fields' messages are their table's (invoice-field-words.test.ts holds them to it).
    for (const text of englishOf(known.knownSchemaMessages)) expect(schemas).toContain(JSON.stringify(text));
  });

  it("the server still writes each of its details word for word", () => {
    const server = sources("server");
    for (const text of englishOf(known.knownServerMessages)) expect(server).toContain(JSON.stringify(text));
  });

  it("Better Auth's refusals are its own words", () => {
    const codes = Object.values(BASE_ERROR_CODES).map((code) => code.message);
    expect(codes).toEqual(expect.arrayContaining(englishOf(known.knownBetterAuthMessages)));
  });

  it("texts with a server-side value: each pattern knows its message, and matches the server's text", () => {
    const messages = [knownValueMessages.fileTooLarge(""), knownValueMessages.writeRateLimited(""), knownValueMessages.overpaid("")];
    expect(known.knownPatterns.map(([, english]) => english)).toEqual(messages.map((descriptor) => descriptor.message));
    expect(messages.map((descriptor) => descriptor.id)).toEqual(known.knownPatterns.map(([, english]) => messageIdOf(english)));
    const texts = [fileMessages.tooLarge(25), "You can post at most 30 messages, tickets, comments and files a minute. Please wait a moment.", paymentMessages.overpaid("60.00")];
    expect(texts.map((text, index) => known.knownPatterns[index]![0].exec(text)?.[1])).toEqual(["25", "30", "60.00"]);
  });

  it("computes Lingui's ids as @lingui/message-utils does (SHA-256, base64), across blocks and characters", () => {
    const linguiId = (text: string) => createHash("sha256").update(`${text}\u001f`).digest("base64").slice(0, 6);
    for (const text of ["", "Größe: 25 €", "x".repeat(55), "y".repeat(56), "z".repeat(64), "Lange Nachricht ".repeat(40)]) {
      expect(messageIdOf(text)).toBe(linguiId(text));
    }
  });
});

describe("translateKnown", () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
  });

  /** German for a few messages, as the compiled catalogue has them. */
  function activateGerman() {
    i18n.loadAndActivate({
      locale: "de",
      messages: {
        [knownTicketMessages.titleRequired.id]: "Titel ist erforderlich",
        [knownTicketMessages.chooseStatus.id]: "Wählen Sie einen Status",
        [signInToContinue]: "Melden Sie sich an, um fortzufahren",
        [knownValueMessages.fileTooLarge("").id]: ["Die Datei ist größer als ", ["maxMb"], " MB"],
      },
    });
  }

  it("leaves English, and any text it does not know, as it is", () => {
    expect(translateKnown(ticketMessages.titleRequired)).toBe("Title is required");
    activateGerman();
    expect(translateKnown("Something nobody catalogued")).toBe("Something nobody catalogued");
  });

  it("answers the active language's text for a known message", () => {
    activateGerman();
    expect(translateKnown(ticketMessages.titleRequired)).toBe("Titel ist erforderlich");
    expect(translateKnown(fileMessages.tooLarge(25))).toBe("Die Datei ist größer als 25 MB");
    expect(translateKnown("title: Title is required; status: Choose a status")).toBe("title: Titel ist erforderlich; status: Wählen Sie einen Status");
  });
});

describe("errorMessage", () => {
  afterEach(() => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
  });

  const refused = (detail: string) => new ApiError(401, { type: "about:blank", title: "Unauthorized", status: 401, detail });

  it("in English shows the server's detail, whatever it is, or the fallback without one", () => {
    expect(errorMessage(refused("Sign in to continue"), "Failed")).toBe("Sign in to continue");
    expect(errorMessage(refused("Something new"), "Failed")).toBe("Something new");
    expect(errorMessage(new Error("offline"), "Failed")).toBe("Failed");
  });

  it("in another language shows a known detail translated, and the (translated) fallback for any other", () => {
    i18n.loadAndActivate({ locale: "de", messages: { [signInToContinue]: "Melden Sie sich an, um fortzufahren" } });
    expect(errorMessage(refused("Sign in to continue"), "Fehlgeschlagen")).toBe("Melden Sie sich an, um fortzufahren");
    expect(errorMessage(refused("Something new"), "Fehlgeschlagen")).toBe("Fehlgeschlagen");
    expect(problemDetail(refused("Sign in to continue"))).toBe("Melden Sie sich an, um fortzufahren");
    expect(problemDetail(refused("Something new"))).toBe("Something new");
  });
});
