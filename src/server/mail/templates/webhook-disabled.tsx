import { MailLayout, Paragraph, type MailFrame } from "./layout";

export interface WebhookDisabledMail {
  name: string;
  /** The endpoint's URL, as the admin registered it. */
  endpointUrl: string;
  attempts: number;
}

export const webhookDisabledSubject = ({ brandName }: MailFrame) => `A ${brandName} webhook endpoint was switched off`;

/** To every admin once an endpoint's delivery failed for about a day (ADR 031). */
export function WebhookDisabledEmail({ name, endpointUrl, attempts, ...frame }: WebhookDisabledMail & MailFrame) {
  return (
    <MailLayout
      {...frame}
      preview={`${endpointUrl} stopped answering, so it gets no more events`}
      title="A webhook endpoint was switched off"
      action={{ label: "Open the webhooks page", url: `${frame.baseUrl}/admin/webhooks` }}
      note="Events that happen while it is off wait for it. Switch it on again once the receiver answers; each waiting delivery can also be resent."
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        A delivery to {endpointUrl} failed {attempts} times over about a day, so the endpoint was switched off and gets no more events until an admin switches it on again.
      </Paragraph>
    </MailLayout>
  );
}
