import type { MailMessage } from "../i18n";
import type { MailContext } from "./layout";
import { Letter } from "./letter";

export interface WebhookDisabledMail {
  name: string;
  /** The endpoint's URL, as the admin registered it. */
  endpointUrl: string;
  attempts: number;
}

const m = {
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
} satisfies Record<string, MailMessage>;

export const webhookDisabledSubject = ({ brandName, t }: MailContext) => t(m.subject, { brandName });

/** To every admin once an endpoint's delivery failed for about a day (ADR 031). */
export function WebhookDisabledEmail({ name, endpointUrl, attempts, ...frame }: WebhookDisabledMail & MailContext) {
  return <Letter {...frame} words={m} url={`${frame.baseUrl}/admin/webhooks`} values={{ name, endpointUrl, attempts }} />;
}
