import type { MailFrame, MailTemplate, MailTemplateProps } from "./templates";
import { invitationUrl } from "./templates/letters";

/** What the outbox shows in place of a link that carries a secret. */
export const REDACTED_LINK = "[link removed]";

/**
 * The links of each template that carry a secret: whoever holds one can act as the recipient (reset
 * their password, confirm their new address, join a company or the provider's team, turn their mail
 * off). The outbox stores and shows the mail with each replaced by REDACTED_LINK; only the transport
 * gets the live text (mail/outbox.ts). A new template must say which of its links are secret.
 */
const secretLinks: { [K in MailTemplate]: (props: MailTemplateProps[K], frame: MailFrame) => string[] } = {
  "password-reset": (props) => [props.url],
  "email-change": (props) => [props.url],
  invitation: (props, frame) => [invitationUrl(frame.baseUrl, props.token)],
  notification: (props) => [props.optOut.url],
  "notification-digest": (props) => props.optOut.map((link) => link.url),
  "webhook-disabled": () => [],
  // Its one link is the invoice's page, which asks for a session.
  "payment-receipt": () => [],
};

/**
 * A mail's text as the outbox may keep and show it: every secret link of its template replaced.
 * Throws when a secret link is not in the text as given (a template that escapes or rewrites it
 * would otherwise leave it live): better no mail than a live link in the admins' list.
 */
export function redactedText<K extends MailTemplate>(template: K, props: MailTemplateProps[K], frame: MailFrame, text: string): string {
  const secrets = (secretLinks[template] as (props: MailTemplateProps[K], frame: MailFrame) => string[])(props, frame);
  const missing = secrets.filter((secret) => secret === "" || !text.includes(secret));
  if (missing.length > 0) throw new Error(`The ${template} mail's text does not hold its secret link as given, so it cannot be redacted`);
  return secrets.reduce((shown, secret) => shown.replaceAll(secret, REDACTED_LINK), text);
}
