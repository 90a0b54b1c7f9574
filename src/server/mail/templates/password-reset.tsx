import type { MailMessage } from "../i18n";
import type { MailContext } from "./layout";
import { Letter } from "./letter";

export interface PasswordResetMail {
  name: string;
  url: string;
  validForMinutes: number;
}

const m = {
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
} satisfies Record<string, MailMessage>;

export const passwordResetSubject = ({ brandName, t }: MailContext) => t(m.subject, { brandName });

export function PasswordResetEmail({ name, url, validForMinutes, ...frame }: PasswordResetMail & MailContext) {
  return <Letter {...frame} words={m} url={url} values={{ name, validForMinutes }} />;
}
