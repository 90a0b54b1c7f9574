import { render } from "@react-email/render";
import { createElement } from "react";
import type { Locale } from "@/shared/locales";
import { translator } from "../i18n";
import type { MailContext, MailFrame } from "./layout";
import { letters, type EmailChangeMail, type InvitationMail, type PasswordResetMail, type PaymentReceiptMail, type WebhookDisabledMail } from "./letters";
import { NotificationEmail, notificationSubject, type NotificationMail } from "./notification";
import { NotificationDigestEmail, notificationDigestSubject, type NotificationDigestMail } from "./daily-digest";

export type { MailFrame } from "./layout";

/** Each template's props, by name. A new mail adds its name and props here. */
export interface MailTemplateProps {
  "password-reset": PasswordResetMail;
  "email-change": EmailChangeMail;
  invitation: InvitationMail;
  notification: NotificationMail;
  "notification-digest": NotificationDigestMail;
  "webhook-disabled": WebhookDisabledMail;
  "payment-receipt": PaymentReceiptMail;
}
export type MailTemplate = keyof MailTemplateProps;

const templates: { [K in MailTemplate]: { subject(context: MailContext, props: MailTemplateProps[K]): string; Component(props: MailTemplateProps[K] & MailContext): React.ReactElement } } = {
  // Greeting, paragraph and button: one row each in letters.tsx.
  ...letters,
  notification: { subject: notificationSubject, Component: NotificationEmail },
  "notification-digest": { subject: notificationDigestSubject, Component: NotificationDigestEmail },
};

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** The subject alone, in `locale`: what the outbox lists for a mail rendered when it is sent (outbox.ts). */
export function renderSubject<K extends MailTemplate>(template: K, props: MailTemplateProps[K], frame: MailFrame, locale: Locale): string {
  const { subject } = templates[template] as unknown as { subject(context: MailContext, props: object): string };
  return subject({ ...frame, t: translator(locale) }, props);
}

/**
 * The subject, HTML and plain-text parts of one mail (React Email; the text part from the same
 * markup), every word of it in `locale` (mail/i18n.ts).
 */
export async function renderMail<K extends MailTemplate>(template: K, props: MailTemplateProps[K], frame: MailFrame, locale: Locale): Promise<RenderedMail> {
  const { subject, Component } = templates[template] as unknown as { subject(context: MailContext, props: object): string; Component(props: object): React.ReactElement };
  const context: MailContext = { ...frame, t: translator(locale) };
  const element = createElement(Component, { ...props, ...context });
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: subject(context, props), html, text };
}
