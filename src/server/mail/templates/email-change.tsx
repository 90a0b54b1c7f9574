import type { MailMessage } from "../i18n";
import type { MailContext } from "./layout";
import { Letter } from "./letter";

export interface EmailChangeMail {
  name: string;
  newEmail: string;
  url: string;
  validForMinutes: number;
}

const m = {
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
} satisfies Record<string, MailMessage>;

export const emailChangeSubject = ({ brandName, t }: MailContext) => t(m.subject, { brandName });

export function EmailChangeEmail({ name, newEmail, url, validForMinutes, ...frame }: EmailChangeMail & MailContext) {
  return <Letter {...frame} words={m} url={url} values={{ name, newEmail, validForMinutes }} />;
}
