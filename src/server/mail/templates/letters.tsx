import type { MailMessage } from "../i18n";
import { receiptFormats } from "../receipt-words";
import { letter } from "./letter";

export interface PasswordResetMail {
  name: string;
  url: string;
  validForMinutes: number;
}

export interface EmailChangeMail {
  name: string;
  newEmail: string;
  url: string;
  validForMinutes: number;
}

export interface InvitationMail {
  /** Who sent it, by name; null when that account is gone. */
  invitedBy: string | null;
  /** The company to join, or null for an invitation to the provider's team. */
  companyName: string | null;
  /** The link's secret; the link itself points at this installation's invitation page. */
  token: string;
  validForDays: number;
}

export interface WebhookDisabledMail {
  name: string;
  /** The endpoint's URL, as the admin registered it. */
  endpointUrl: string;
  attempts: number;
}

/** A payment's receipt (ADR 043); the PDF receipt goes with it as an attachment (mail/attachments.ts). */
export interface PaymentReceiptMail {
  /** The recipient's name. */
  name: string;
  invoiceId: string;
  invoiceNumber: string;
  /** Decimal strings as stored ("40.00"), written in the recipient's language by the template. */
  amount: string;
  amountDue: string;
  currency: string;
  /** YYYY-MM-DD. */
  paidOn: string;
}

/** Where the mailed link lands: the web app's invitation page, which then calls the API (a GET changes nothing). */
export const invitationUrl = (baseUrl: string, token: string) => `${baseUrl}/invitation?token=${encodeURIComponent(token)}`;

/** Whole sentences for a company's invitation and for the team's: a language inflects "the team" its own way. */
const invitationWords = {
  company: {
    subject: /*i18n*/ { id: "mail.invitation.company.subject", message: "You're invited to join {companyName} on {brandName}" },
    preview: /*i18n*/ { id: "mail.invitation.company.preview", message: "An invitation to join {companyName} on {brandName}" },
    title: /*i18n*/ { id: "mail.invitation.company.title", message: "Join {companyName} on {brandName}" },
    invitedBy: /*i18n*/ { id: "mail.invitation.company.invited-by", message: "{invitedBy} invited you to join {companyName} on {brandName}." },
    invited: /*i18n*/ { id: "mail.invitation.company.invited", message: "You are invited to join {companyName} on {brandName}." },
    about: /*i18n*/ {
      id: "mail.invitation.company.about",
      message: "There you follow the company's projects, open and discuss support tickets, see invoices and chat with the {brandName} team.",
    },
  },
  team: {
    subject: /*i18n*/ { id: "mail.invitation.team.subject", message: "You're invited to join the {brandName} team" },
    preview: /*i18n*/ { id: "mail.invitation.team.preview", message: "An invitation to join the {brandName} team" },
    title: /*i18n*/ { id: "mail.invitation.team.title", message: "Join the {brandName} team" },
    invitedBy: /*i18n*/ { id: "mail.invitation.team.invited-by", message: "{invitedBy} invited you to join the {brandName} team." },
    invited: /*i18n*/ { id: "mail.invitation.team.invited", message: "You are invited to join the {brandName} team." },
    about: /*i18n*/ {
      id: "mail.invitation.team.about",
      message: "As a member of the team you manage every customer's projects, tickets, invoices and messages.",
    },
  },
  action: /*i18n*/ { id: "mail.invitation.action", message: "Accept the invitation" },
  note: /*i18n*/ {
    id: "mail.invitation.note",
    message: "The link works once, for {validForDays} days. If you did not expect it, ignore this mail: nothing happens unless you open it.",
  },
  greeting: /*i18n*/ { id: "mail.invitation.greeting", message: "Hello," },
} satisfies Record<string, MailMessage | Record<string, MailMessage>>;

const receiptWords = {
  subject: /*i18n*/ { id: "mail.payment-receipt.subject", message: "Receipt for invoice {invoiceNumber}" },
  preview: /*i18n*/ { id: "mail.payment-receipt.preview", message: "{amount} received for invoice {invoiceNumber}" },
  title: /*i18n*/ { id: "mail.payment-receipt.title", message: "Thank you for your payment" },
  action: /*i18n*/ { id: "mail.payment-receipt.action", message: "View the invoice" },
  note: /*i18n*/ { id: "mail.payment-receipt.note", message: "Your receipt is attached to this mail as a PDF." },
  greeting: /*i18n*/ { id: "mail.payment-receipt.greeting", message: "Hello {name}," },
  received: /*i18n*/ { id: "mail.payment-receipt.received", message: "We received {amount} on {paidOn} for invoice {invoiceNumber}." },
  stillDue: /*i18n*/ { id: "mail.payment-receipt.still-due", message: "{amountDue} of it is still due." },
  paidInFull: /*i18n*/ { id: "mail.payment-receipt.paid-in-full", message: "The invoice is now paid in full." },
} satisfies Record<string, MailMessage>;

/** "0.00", "0": nothing left to pay. */
const nothingDue = (amountDue: string) => /^0+(\.0+)?$/.test(amountDue);

/**
 * The mails that are letters (letter.tsx), by template name: each its words, where its button
 * goes and the values its words use. Another mail of greeting, paragraph and button is a row here,
 * its props in index.ts's MailTemplateProps and its secret links in redaction.ts.
 */
export const letters = {
  "password-reset": letter<PasswordResetMail>({
    words: {
      subject: /*i18n*/ { id: "mail.password-reset.subject", message: "Reset your {brandName} password" },
      preview: /*i18n*/ { id: "mail.password-reset.preview", message: "A link to choose a new {brandName} password" },
      title: /*i18n*/ { id: "mail.password-reset.title", message: "Reset your password" },
      action: /*i18n*/ { id: "mail.password-reset.action", message: "Choose a new password" },
      note: /*i18n*/ {
        id: "mail.password-reset.note",
        message: "The link works once, for {validForMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.",
      },
      greeting: /*i18n*/ { id: "mail.password-reset.greeting", message: "Hello {name}," },
      body: /*i18n*/ {
        id: "mail.password-reset.body",
        message: "Someone, hopefully you, asked to reset the password of your {brandName} account. Choosing a new password logs you out everywhere.",
      },
    },
    url: ({ url }) => url,
    values: ({ name, validForMinutes }) => ({ name, validForMinutes }),
  }),

  "email-change": letter<EmailChangeMail>({
    words: {
      subject: /*i18n*/ { id: "mail.email-change.subject", message: "Confirm your new {brandName} email address" },
      preview: /*i18n*/ { id: "mail.email-change.preview", message: "Confirm {newEmail} as your {brandName} sign-in address" },
      title: /*i18n*/ { id: "mail.email-change.title", message: "Confirm your new email address" },
      action: /*i18n*/ { id: "mail.email-change.action", message: "Confirm this address" },
      note: /*i18n*/ {
        id: "mail.email-change.note",
        message:
          "The link works for {validForMinutes} minutes, and only while you are signed in to that account. If you did not ask for this change, ignore this mail: nothing changes.",
      },
      greeting: /*i18n*/ { id: "mail.email-change.greeting", message: "Hello {name}," },
      body: /*i18n*/ {
        id: "mail.email-change.body",
        message: "You asked to sign in to {brandName} with {newEmail} from now on. Your address changes once you confirm it.",
      },
    },
    url: ({ url }) => url,
    values: ({ name, newEmail, validForMinutes }) => ({ name, newEmail, validForMinutes }),
  }),

  invitation: letter<InvitationMail>({
    words: ({ companyName, invitedBy }) => {
      const { subject, preview, title, ...sentences } = companyName ? invitationWords.company : invitationWords.team;
      const { action, note, greeting } = invitationWords;
      return { subject, preview, title, action, note, greeting, body: [invitedBy ? sentences.invitedBy : sentences.invited, sentences.about] };
    },
    url: ({ token }, { baseUrl }) => invitationUrl(baseUrl, token),
    values: ({ invitedBy, companyName, validForDays }) => ({ invitedBy: invitedBy ?? "", companyName: companyName ?? "", validForDays }),
  }),

  /** To the customer who paid online, else the company's owners, once a payment is recorded (ADR 043). */
  "payment-receipt": letter<PaymentReceiptMail>({
    words: ({ amountDue }) => {
      const { received, stillDue, paidInFull, ...words } = receiptWords;
      return { ...words, body: [received, nothingDue(amountDue) ? paidInFull : stillDue] };
    },
    url: ({ invoiceId }, { baseUrl }) => `${baseUrl}/dashboard/invoices/${invoiceId}`,
    values: ({ name, invoiceNumber, amount, amountDue, currency, paidOn }, t) => {
      const format = receiptFormats(t, currency);
      return { name, invoiceNumber, amount: format.amount(amount), amountDue: format.amount(amountDue), paidOn: format.date(paidOn) };
    },
  }),

  /** To every admin once an endpoint's delivery failed for about a day (ADR 031). */
  "webhook-disabled": letter<WebhookDisabledMail>({
    words: {
      subject: /*i18n*/ { id: "mail.webhook-disabled.subject", message: "A {brandName} webhook endpoint was switched off" },
      preview: /*i18n*/ { id: "mail.webhook-disabled.preview", message: "{endpointUrl} stopped answering, so it gets no more events" },
      title: /*i18n*/ { id: "mail.webhook-disabled.title", message: "A webhook endpoint was switched off" },
      action: /*i18n*/ { id: "mail.webhook-disabled.action", message: "Open the webhooks page" },
      note: /*i18n*/ {
        id: "mail.webhook-disabled.note",
        message: "Events that happen while it is off wait for it. Switch it on again once the receiver answers; each waiting delivery can also be resent.",
      },
      greeting: /*i18n*/ { id: "mail.webhook-disabled.greeting", message: "Hello {name}," },
      body: /*i18n*/ {
        id: "mail.webhook-disabled.body",
        message:
          "A delivery to {endpointUrl} failed {attempts} times over about a day, so the endpoint was switched off and gets no more events until an admin switches it on again.",
      },
    },
    url: (_props, { baseUrl }) => `${baseUrl}/admin/webhooks`,
    values: ({ name, endpointUrl, attempts }) => ({ name, endpointUrl, attempts }),
  }),
};
