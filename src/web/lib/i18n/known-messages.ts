import { i18n as activeI18n, type I18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { defaultLocale } from "@/shared/locales";
import { wantKnownMessages } from "./catalogues";
import type { apiTokenMessages } from "@/shared/rules/api-token";
import type { authMessages } from "@/shared/rules/auth";
import type { commentMessages } from "@/shared/rules/comment";
import type { companyMessages } from "@/shared/rules/company";
import type { fileMessages } from "@/shared/rules/file";
import type { invoiceMessages } from "@/shared/rules/invoice";
import type { memberMessages } from "@/shared/rules/member";
import type { messageMessages } from "@/shared/rules/message";
import type { moneyMessages } from "@/shared/rules/money";
import type { paymentMessages } from "@/shared/rules/payment";
import type { projectMessages } from "@/shared/rules/project";
import type { quoteMessages } from "@/shared/rules/quote";
import type { recurringMessages } from "@/shared/rules/recurring";
import type { setupMessages } from "@/shared/rules/setup";
import type { ssoMessages } from "@/shared/rules/single-sign-on";
import type { textMessages } from "@/shared/rules/text";
import type { ticketMessages } from "@/shared/rules/ticket";
import type { timeEntryMessages } from "@/shared/rules/time-entry";
import type { twoFactorMessages } from "@/shared/rules/two-factor";
import type { userMessages } from "@/shared/rules/user";

/**
 * The English texts the web shows that come from outside its own code: the validation messages of
 * src/shared/rules (the forms' zod/mini schemas use them, and the server sends the same texts in a
 * 400's `errors[].message` and often its `detail`), and the server's and Better Auth's problem
 * details that reach a form or a toast. Each is a catalogue message whose English is the text word
 * for word (known-messages.test.ts holds each to its source), so the catalogues carry them.
 *
 * The maps of the shared message objects are keyed by the objects' own keys: a message added to
 * one of them is a type error here until it has its catalogue message.
 *
 * Nothing at run time reads these maps, so none of them (nor the shared rules) is in the bundle:
 * a message's id in a catalogue is a hash of its English (Lingui's generated ids), so
 * `translateKnown` finds a server's text in the active catalogue by hashing it (`messageIdOf`).
 */
type Catalogued<Messages> = Record<keyof Messages, MessageDescriptor>;

export const knownTicketMessages: Catalogued<typeof ticketMessages> = {
  titleRequired: msg`Title is required`,
  titleTooLong: msg`Title must be at most 200 characters`,
  descriptionTooLong: msg`Description is too long`,
  chooseProject: msg`Choose a project`,
  choosePriority: msg`Choose a priority`,
  chooseStatus: msg`Choose a status`,
  chooseTeamMember: msg`Choose a team member`,
};

export const knownCompanyMessages: Catalogued<typeof companyMessages> = {
  nameRequired: msg`Company name is required`,
  nameTooLong: msg`Company name must be at most 200 characters`,
  contactNameTooLong: msg`Contact name is too long`,
  contactEmailTooLong: msg`Contact email is too long`,
  phoneTooLong: msg`Phone number is too long`,
  addressTooLong: msg`Address is too long`,
};

export const knownCommentMessages: Catalogued<typeof commentMessages> = {
  empty: msg`Comment cannot be empty`,
  tooLong: msg`Comment is too long`,
};

export const knownProjectMessages: Catalogued<typeof projectMessages> = {
  nameRequired: msg`Project name is required`,
  nameTooLong: msg`Project name must be at most 200 characters`,
  descriptionTooLong: msg`Description is too long`,
  chooseCompany: msg`Choose a company`,
  chooseStatus: msg`Choose a status`,
  chooseTeamMember: msg`Choose a team member`,
  invalidDate: msg`Enter a date as YYYY-MM-DD`,
  endBeforeStart: msg`End date cannot be before the start date`,
};

/** `invalidDate` is a function of the field's label: its two uses are in `knownBuiltTexts`. */
export const knownInvoiceMessages: Catalogued<Omit<typeof invoiceMessages, "invalidDate">> = {
  amountRequired: msg`Amount is required`,
  amountFormat: msg`Amount must be a number of 0 or more with at most 2 decimals`,
  amountTooLarge: msg`Amount is too large`,
  numberRequired: msg`Invoice number is required`,
  numberTooLong: msg`Invoice number must be at most 100 characters`,
  chooseCompany: msg`Choose a company`,
  pdfUrlProtocol: msg`PDF URL must be an http:// or https:// address`,
  pdfUrlTooLong: msg`PDF URL is too long`,
  status: msg`Status must be draft, unpaid, paid or void`,
  dueBeforeIssue: msg`Due date cannot be before the issue date`,
  amountOrLines: msg`Send either an amount or lines, not both`,
  amountOrLinesRequired: msg`Send an amount or lines`,
};

/** `overpaid` names the amount due: `knownValueMessages` has it. */
export const knownPaymentMessages: Catalogued<Omit<typeof paymentMessages, "overpaid">> = {
  amountRequired: msg`Amount is required`,
  amountPositive: msg`Amount must be more than 0`,
  method: msg`Method must be bank_transfer or cash`,
  paidAtRequired: msg`Payment date must be a date (YYYY-MM-DD)`,
  paidAtFuture: msg`Payment date cannot be in the future`,
  referenceTooLong: msg`Reference must be at most 200 characters`,
  notPayable: msg`Only an issued invoice that is not paid or void takes a payment`,
  partNotAllowed: msg`This invoice is paid in full: its amount due is the only amount`,
  statusFollowsPayments: msg`An invoice with payments follows them: record or remove a payment instead`,
  voidWithPayments: msg`An invoice with payments cannot be voided: remove or refund its payments first`,
  providerPaymentKept: msg`An online payment is refunded at the payment provider, not removed here`,
  onlineUnavailable: msg`Online payment is unavailable right now; nothing was charged. Try again in a few minutes.`,
};

export const knownTimeEntryMessages: Catalogued<typeof timeEntryMessages> = {
  chooseProject: msg`Choose a project`,
  chooseTicket: msg`Choose a ticket of this project`,
  workDate: msg`Date must be a date (YYYY-MM-DD)`,
  minutes: msg`Minutes must be a whole number from 1 to 1440`,
  descriptionRequired: msg`Description is required`,
  descriptionTooLong: msg`Description must be at most 500 characters`,
  rate: msg`Rate must be an amount such as 95 or 95.50`,
  rateMissing: msg`Enter a rate: the project has no hourly rate`,
  billed: msg`Billed time cannot change: void its invoice first`,
  monthlyHours: msg`Monthly budget must be a whole number of hours from 1 to 744`,
  period: msg`End date cannot be before the start date`,
  nothingToInvoice: msg`No unbilled billable time in this period`,
};

export const knownRecurringMessages: Catalogued<typeof recurringMessages> = {
  frequency: msg`Frequency must be monthly, quarterly or yearly`,
  dayOfMonth: msg`Day of the month must be a whole number from 1 to 31`,
  startDate: msg`Start date must be a date (YYYY-MM-DD)`,
  endDate: msg`End date must be a date (YYYY-MM-DD)`,
  endBeforeStart: msg`End date cannot be before the start date`,
  count: msg`Number of invoices must be a whole number from 1 to 1200`,
  dueDays: msg`Days to pay must be a whole number from 0 to 365`,
  endOrCount: msg`Set an end date or a number of invoices, not both`,
  alreadyEnded: msg`This schedule has ended`,
  notActive: msg`Only an active schedule can be paused`,
  notPaused: msg`Only a paused schedule can be resumed`,
};

export const knownQuoteMessages: Catalogued<typeof quoteMessages> = {
  chooseCompany: msg`Choose a company`,
  titleRequired: msg`Title is required`,
  titleTooLong: msg`Title must be at most 200 characters`,
  notesTooLong: msg`Notes must be at most 5000 characters`,
  termsTooLong: msg`Terms must be at most 10000 characters`,
  validUntil: msg`Valid until must be a date (YYYY-MM-DD)`,
  validUntilPast: msg`Valid until cannot be before today`,
  invoicing: msg`Choose what accepting the quote invoices`,
  invoiceStatus: msg`Choose whether the invoice is issued or a draft`,
  depositPercent: msg`Deposit percent must be from 1 to 100, with at most 2 decimals`,
  depositAmount: msg`Deposit amount must be an amount above 0, such as 500 or 500.50`,
  depositOne: msg`Give the deposit as a percent or an amount, not both`,
  depositMissing: msg`Give the deposit as a percent or an amount`,
  depositAboveTotal: msg`The deposit cannot be more than the quote's total`,
  depositWithout: msg`A deposit percent or amount only goes with a deposit invoice`,
  signerName: msg`Type your full name`,
  signerNameTooLong: msg`Your name must be at most 200 characters`,
  signature: msg`Sign with a PNG or JPEG image of at most 200 KB`,
  acceptTick: msg`Tick “I accept” to accept the quote`,
  reasonTooLong: msg`The reason must be at most 2000 characters`,
  notFound: msg`Quote not found`,
  notDraft: msg`Only a draft quote can change: this one was sent`,
  notSent: msg`Only a sent quote can be accepted or declined`,
  expired: msg`This quote has expired: ask for a new one`,
  alreadyAnswered: msg`This quote was already answered`,
  ownersOnly: msg`Only an owner of the company, or a member an owner allows, can accept or decline a quote`,
  customersOnly: msg`Only the customer can accept or decline a quote`,
  noIssuer: msg`This quote cannot be accepted now: ask the team to send it again`,
};

export const knownTextMessages: Catalogued<typeof textMessages> = {
  controlCharacter: msg`Remove the invisible control character from this text`,
  directionOverride: msg`Remove the invisible text-direction character from this name`,
};

export const knownMoneyMessages: Catalogued<typeof moneyMessages> = {
  quantity: msg`Quantity must be a number above 0 with at most 3 decimals`,
  quantityTooLarge: msg`Quantity must be at most 9999999`,
  unitPrice: msg`Unit price must be a number of 0 or more with at most 2 decimals`,
  unitPriceTooLarge: msg`Unit price is too large`,
  taxRate: msg`Tax rate must be a percentage from 0 to 100 with at most 2 decimals`,
  descriptionRequired: msg`Description is required`,
  descriptionTooLong: msg`Description must be at most 500 characters`,
  linesRequired: msg`Add at least one line`,
  tooManyLines: msg`An invoice has at most 200 lines`,
  totalTooLarge: msg`The invoice total must be at most 9999999999.99`,
};

export const knownApiTokenMessages: Catalogued<typeof apiTokenMessages> = {
  nameRequired: msg`Name is required`,
  nameTooLong: msg`Name must be at most 100 characters`,
  notAllowed: msg`Only admins and company owners can make API tokens`,
  neverExpiresAdminsOnly: msg`Only admins can make a token that never expires`,
  tooMany: msg`You have 25 API tokens, the most one person can have. Revoke one you no longer use first.`,
  notFound: msg`API token not found`,
  invalid: msg`The API token is not valid: it may have expired or been revoked`,
  readOnly: msg`This API token may only read: make a read-and-write token to change anything`,
  sessionOnly: msg`API tokens do not work here: sign in to manage tokens, sessions and live updates`,
  rateLimited: msg`This API token made too many requests. Please wait a moment.`,
};

export const knownAuthMessages: Catalogued<typeof authMessages> = {
  passwordRequired: msg`Password is required`,
  passwordTooShort: msg`Password must be at least 6 characters`,
  passwordTooLong: msg`Password is too long`,
  nameRequired: msg`Full name is required`,
  nameTooLong: msg`Full name is too long`,
  nameUnstorable: msg`Full name cannot contain a NUL character`,
  currentPasswordWrong: msg`Current password is incorrect`,
  currentPasswordTooManyGuesses: msg`Too many wrong passwords. Please try again later.`,
  resetLinkInvalid: msg`This reset link is invalid, already used or expired. Ask for a new one.`,
  sameEmail: msg`This is already your email address`,
  confirmLinkInvalid: msg`This confirmation link is invalid, already used or expired. Ask for a new one from your account page.`,
  confirmLinkOtherAccount: msg`This link belongs to another account. Log out, then sign in as the account that asked for the change.`,
  confirmNeedsSession: msg`Sign in to confirm your new email address.`,
};

/** `tooLarge` is a function of the server's upload limit: `knownPatterns` reads it. */
export const knownFileMessages: Catalogued<Omit<typeof fileMessages, "tooLarge">> = {
  missing: msg`Choose a file to upload`,
  empty: msg`The file is empty`,
  typeNotAllowed: msg`This type of file is not allowed. Upload a PDF, an image (PNG, JPEG, WebP, GIF), text, CSV or an office document.`,
  typeMismatch: msg`The file's content does not match its type`,
  nameTooLong: msg`The file name is longer than 255 characters`,
  notFound: msg`File not found`,
};

export const knownMemberMessages: Catalogued<typeof memberMessages> = {
  alreadyMember: msg`This person is already a member of the company`,
  alreadyInvited: msg`This address has already been invited; resend the invitation instead`,
  alreadyAdmin: msg`This person is already an admin`,
  lastOwner: msg`A company must keep at least one owner; name another owner first`,
  memberNotFound: msg`Member not found`,
  invitationNotFound: msg`Invitation not found`,
  invitationInvalid: msg`This invitation is invalid, expired, revoked or already used. Ask for a new one.`,
  tooManyLookups: msg`Too many invitation links tried from your network. Please try again later.`,
  otherCompany: msg`You already belong to another company. Ask its owner to remove you first, or sign in with another account.`,
  otherAddress: msg`This invitation is for another email address. Log out, then sign in or sign up with the invited address.`,
  adminCannotJoin: msg`An admin account cannot join a customer company. Sign up with the invited address instead.`,
  adminHasCompany: msg`This account belongs to a customer company, so it cannot become an admin. Sign up with the invited address instead.`,
  signupByInvitation: msg`Sign-up is by invitation only. Ask your contact for an invitation.`,
  role: msg`Role must be owner or member`,
  answersQuotes: msg`Whether they may answer quotes must be true or false`,
  readsAccessLog: msg`Whether they may read the access log must be true or false`,
  nothingToChange: msg`Give a role, or whether they may answer quotes`,
};

export const knownMessageMessages: Catalogued<typeof messageMessages> = {
  empty: msg`Please enter a message`,
  tooLong: msg`Message is too long`,
};

export const knownSetupMessages: Catalogued<typeof setupMessages> = {
  codeRequired: msg`Enter the setup code from the server's log`,
  codeWrong: msg`This is not the setup code. Copy it from the server's log.`,
  tooManyGuesses: msg`Too many wrong setup codes. Please try again later.`,
  closed: msg`Setup is done: an admin exists.`,
  emailTaken: msg`An account with this email address exists already. Choose another address for the owner.`,
  brandRequired: msg`Brand name is required`,
  brandTooLong: msg`Brand name must be at most 100 characters`,
};

export const knownTwoFactorMessages: Catalogued<typeof twoFactorMessages> = {
  passwordWrong: msg`Password is incorrect`,
  totpCodeInvalid: msg`Enter the 6-digit code from your authenticator app`,
  totpCodeWrong: msg`That code is not right. Check your authenticator app and try again.`,
  totpCodeUsed: msg`That code has been used already. Wait for the next code in your authenticator app.`,
  totpCodeReplayedAtSignIn: msg`That code has been used already. Sign in again with your password and the next code in your authenticator app.`,
  disableCodeInvalid: msg`Enter the 6-digit code from your authenticator app, or a backup code`,
  backupCodeInvalid: msg`Enter a backup code like ABcd1-23EfG`,
  backupCodeWrong: msg`That backup code is not right, or it has been used already`,
  twoFactorAlreadyOn: msg`Two-factor sign-in is already on for this account`,
  twoFactorNotOn: msg`Two-factor sign-in is not on for this account`,
  twoFactorChallengeExpired: msg`Your sign-in has expired. Enter your email and password again.`,
  twoFactorTooManyTries: msg`Too many wrong codes. Enter your email and password again.`,
  twoFactorLocked: msg`Too many wrong codes for this account. Please try again in 15 minutes.`,
};

export const knownSsoMessages: Catalogued<typeof ssoMessages> = {
  issuer: msg`Enter the provider's issuer URL (https://…)`,
  clientId: msg`Enter the client ID`,
  clientSecret: msg`Enter the client secret`,
  domains: msg`Enter at least one email domain, e.g. example.com`,
  domain: msg`Enter domains such as example.com, one per line`,
  domainTaken: msg`Another company's provider already has this domain`,
  noProvider: msg`No single sign-on is set up for this address`,
  ssoRequired: msg`Your company signs in with single sign-on. Use “Sign in with SSO”.`,
};

export const knownUserMessages: Catalogued<typeof userMessages> = {
  userNotFound: msg`User not found`,
  deactivated: msg`This account has been deactivated. Contact your administrator if you need access again.`,
  selfDeactivate: msg`You cannot deactivate your own account`,
  selfSignOut: msg`Log your other devices out from your account page`,
  selfDemote: msg`You cannot remove your own admin role; ask another admin`,
  lastAdmin: msg`The portal must keep at least one admin`,
  selfTwoFactor: msg`Turn off your own two-factor authentication from your account page`,
  twoFactorOff: msg`Two-factor authentication is not on for this account`,
  promoteMember: msg`This person belongs to a customer company. Take them out of it first: admins belong to no company.`,
  adminHasNoCompany: msg`Admins belong to no company; only a customer can be moved`,
  companyNotFound: msg`Company not found`,
  resetDeactivated: msg`This account is deactivated; reactivate it before sending a reset link`,
  identityNotVerified: msg`Confirm that you verified the person's identity out of band`,
  lastOwner: msg`This person is the last owner of their company; name another owner there first`,
};

/**
 * Single shared constants, a shared message function's uses, and texts built from shared limits,
 * by the name of what they are built from (the test builds each English from its source).
 */
export const knownBuiltMessages = {
  NOTHING_TO_UPDATE: msg`Nothing to update`,
  INVALID_EMAIL: msg`Enter a valid email address`,
  RESET_REQUESTED: msg`If an account exists for that address, we've sent a link to reset its password.`,
  NO_COMPANY_FOR_MESSAGES: msg`You need to create your Company Profile before sending messages.`,
  LINK_URL_AMBIGUOUS_MESSAGE: msg`PDF URL must not contain a backslash, spaces or a user name`,
  issueDateInvalid: msg`Issue date must be a date (YYYY-MM-DD)`,
  dueDateInvalid: msg`Due date must be a date (YYYY-MM-DD)`,
  webhookUrlTooLong: msg`At most 2000 characters`,
  webhookDescriptionTooLong: msg`At most 200 characters`,
  webhookEndpointsMax: msg`There are 50 webhook endpoints already, the most one installation can have: delete one first`,
  webhookPrivateAddress: msg`The URL points to a loopback, private or link-local address, which webhooks may not call unless the server is started with WEBHOOK_ALLOW_PRIVATE=true`,
  // src/server/modules/files/owners.ts: `Only the ${what}'s author…` for a comment or a message.
  commentAuthorOnly: msg`Only the comment's author or an admin can attach files to it`,
  messageAuthorOnly: msg`Only the message's author or an admin can attach files to it`,
} satisfies Record<string, MessageDescriptor>;

/**
 * Messages written inline in a schema (src/shared/schemas, lib/schemas), word for word: the
 * server's checks send them as field messages, and the web's copies show them.
 */
export const knownSchemaMessages: readonly MessageDescriptor[] = [
  msg`Choose read only, or read and write`,
  msg`Choose 30, 90 or 365 days`,
  msg`Use a date written YYYY-MM-DD`,
  msg`Choose an existing company`,
  msg`Choose one of the listed kinds`,
  msg`The end date comes before the start date`,
  msg`Enter the endpoint's URL`,
  msg`Enter an http:// or https:// URL without a user name or password`,
  msg`Choose one of the listed events`,
  msg`Choose at least one event`,
  msg`List each event once`,
  msg`Not a valid id`,
];

/** The server's own problem details and field messages (src/server), word for word. */
export const knownServerMessages: readonly MessageDescriptor[] = [
  msg`Sign in to continue`,
  msg`You do not have permission to do this`,
  msg`Not found`,
  msg`Admins must turn on two-factor sign-in before using the admin area. Turn it on from your account page.`,
  msg`Something went wrong on our side`,
  msg`Request failed`,
  msg`Too many requests. Please try again later.`,
  msg`A record with this value already exists`,
  msg`A referenced record does not exist`,
  msg`A value is out of range or malformed`,
  msg`Ticket not found`,
  msg`Project not found`,
  msg`Invoice not found`,
  msg`Customer not found`,
  msg`Comment not found`,
  msg`Webhook not found`,
  msg`Session not found`,
  msg`Message not found`,
  msg`Delivery not found`,
  msg`This invoice has no PDF`,
  msg`The company does not exist`,
  msg`No such company`,
  msg`The assignee must be a team member`,
  msg`Could not find a free slug for this name; try again`,
  msg`Your company profile was just created; reload and try again`,
  msg`An invoice with this number already exists`,
  msg`Choose the company of the conversation`,
  msg`You need to create your Company Profile before creating tickets.`,
  msg`The webhook is switched off; turn it on to send its deliveries again`,
  msg`This unsubscribe link is not valid`,
  msg`The link is damaged or was not sent by this portal`,
  msg`Not a notification your account receives`,
  msg`Listed twice`,
  msg`This is the session you are using: log out instead`,
  msg`Only the file's uploader or an admin can delete it`,
  msg`Only the company's owners can change its team`,
  msg`Too many sign-in attempts for this account. Please try again shortly.`,
  msg`Too many sign-in attempts from your network. Please try again later.`,
  msg`Too many reset requests for this address. Please try again later.`,
  msg`Too many wrong codes for this account. Please try again shortly.`,
  // The password policy's refusals (src/server/password-policy.ts).
  msg`This password is one of the most common ones. Choose one that is harder to guess.`,
  msg`This password contains your email address or this site's name. Choose one that is harder to guess.`,
];

/** Better Auth's own refusals that reach a form or a toast (the server maps most others to ours). */
export const knownBetterAuthMessages: readonly MessageDescriptor[] = [
  msg`Invalid email or password`,
  msg`User already exists. Use another email.`,
  msg`User already exists.`,
  msg`Invalid password`,
  msg`Password too short`,
  msg`Password too long`,
  msg`Invalid token`,
  msg`Token expired`,
  msg`Email not verified`,
  msg`Session expired. Re-authenticate to perform this action.`,
  msg`Failed to create user`,
];

/**
 * Texts with a value only the server knows (its configured upload limit, its write rate), as
 * catalogue messages of that value (the test holds each to its source, and to its pattern below).
 */
export const knownValueMessages = {
  fileTooLarge: (maxMb: string) => msg`The file is larger than ${maxMb} MB`,
  writeRateLimited: (limit: string) => msg`You can post at most ${limit} messages, tickets, comments and files a minute. Please wait a moment.`,
  overpaid: (due: string) => msg`Amount is more than the amount due (${due})`,
};

/** How each of `knownValueMessages` is told from the text: its pattern, the message's English, its value's name. */
export const knownPatterns: ReadonlyArray<readonly [RegExp, string, string]> = [
  [/^The file is larger than (\d+(?:\.\d+)?) MB$/, "The file is larger than {maxMb} MB", "maxMb"],
  [
    /^You can post at most (\d+) messages, tickets, comments and files a minute\. Please wait a moment\.$/,
    "You can post at most {limit} messages, tickets, comments and files a minute. Please wait a moment.",
    "limit",
  ],
  [/^Amount is more than the amount due \((.+)\)$/, "Amount is more than the amount due ({due})", "due"],
];

// --- At run time -------------------------------------------------------------------------------

let roundConstants: Uint32Array | undefined;
let initialHash: Uint32Array | undefined;

/** SHA-256's constants: the first 32 bits of the fractional parts of the primes' cube (and square) roots. */
function sha256Constants(): [Uint32Array, Uint32Array] {
  if (!roundConstants || !initialHash) {
    roundConstants = new Uint32Array(64);
    initialHash = new Uint32Array(8);
    const fraction = (x: number) => (x - Math.floor(x)) * 0x100000000;
    for (let candidate = 2, found = 0; found < 64; candidate++) {
      let prime = true;
      for (let factor = 2; factor * factor <= candidate; factor++) if (candidate % factor === 0) prime = false;
      if (!prime) continue;
      if (found < 8) initialHash[found] = fraction(Math.sqrt(candidate));
      roundConstants[found++] = fraction(Math.cbrt(candidate));
    }
  }
  return [roundConstants, initialHash];
}

/** SHA-256 of some bytes (FIPS 180-4), synchronous: SubtleCrypto only answers in a promise. */
function sha256(bytes: Uint8Array): Uint8Array {
  const [k, initial] = sha256Constants();
  const padded = new Uint8Array(((bytes.length + 72) >> 6) << 6);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = bytes.length * 8;
  view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(padded.length - 4, bits >>> 0);
  const hash = initial.slice();
  const w = new Uint32Array(64);
  const rotate = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 64; i++) {
      if (i < 16) w[i] = view.getUint32(block + i * 4);
      else {
        const s0 = rotate(w[i - 15]!, 7) ^ rotate(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
        const s1 = rotate(w[i - 2]!, 17) ^ rotate(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
        w[i] = w[i - 16]! + s0 + w[i - 7]! + s1;
      }
    }
    let [a, b, c, d, e, f, g, h] = hash as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = h + (rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)) + ((e & f) ^ (~e & g)) + k[i]! + w[i]!;
      const t2 = (rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      [h, g, f, e, d, c, b, a] = [g, f, e, (d + t1) | 0, c, b, a, (t1 + t2) | 0];
    }
    [a, b, c, d, e, f, g, h].forEach((value, i) => (hash[i] = hash[i]! + value));
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  hash.forEach((value, i) => out.setUint32(i * 4, value));
  return digest;
}

/**
 * The id Lingui generates for a message without context (@lingui/message-utils'
 * generateMessageId): the first six base64 characters of the SHA-256 of its text and a unit separator.
 */
export function messageIdOf(message: string): string {
  const digest = sha256(new TextEncoder().encode(`${message}\u001f`));
  return btoa(String.fromCharCode(...digest.subarray(0, 6))).slice(0, 6);
}

/** Whether the screens show English now (also before the first catalogue has loaded). */
export function showsEnglish(i18n: I18n = activeI18n): boolean {
  return !i18n.locale || i18n.locale === defaultLocale;
}

/** One English text in the active catalogue's language, when the catalogue has it. */
function translateOne(text: string, i18n: I18n): string | undefined {
  const id = messageIdOf(text);
  if (i18n.messages[id] !== undefined) return i18n._(id);
  for (const [pattern, english, name] of knownPatterns) {
    const value = pattern.exec(text)?.[1];
    const patternId = value === undefined ? undefined : messageIdOf(english);
    if (patternId !== undefined && i18n.messages[patternId] !== undefined) return i18n._(patternId, { [name]: value });
  }
  return undefined;
}

/** A validation problem's detail names each field: `title: Title is required; status: Choose a status`. */
const FIELD_PART = /^([\w.]+): (.+)$/s;

/**
 * The active language's text for an English message its catalogue has (a validation problem's
 * detail too, when the catalogue has each of its messages), or undefined for any other text.
 */
export function knownTranslation(text: string, i18n: I18n = activeI18n): string | undefined {
  if (!i18n.locale) return undefined;
  // Their catalogue layer comes with the first of them a page shows (lib/i18n/catalogues.ts).
  if (!showsEnglish(i18n)) wantKnownMessages();
  const whole = translateOne(text, i18n);
  if (whole !== undefined) return whole;
  const parts = text.split("; ").map((part) => FIELD_PART.exec(part));
  if (!parts.every((part) => part !== null)) return undefined;
  const translated = parts.map(([, field, message]) => [field, translateOne(message!, i18n)] as const);
  if (!translated.every(([, message]) => message !== undefined)) return undefined;
  return translated.map(([field, message]) => `${field}: ${message}`).join("; ");
}

/**
 * A message from outside the web's code (a shared rule's, the server's) in the reader's language:
 * the active language's text for a known English message, any other text unchanged. Components
 * pass their `useLingui()` i18n so that they render again when the language changes.
 */
export function translateKnown(text: string, i18n: I18n = activeI18n): string {
  if (showsEnglish(i18n)) return text;
  return knownTranslation(text, i18n) ?? text;
}
