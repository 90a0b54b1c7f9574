import { Link, Section, Text } from "@react-email/components";
import type { MailMessage } from "../i18n";
import { MailLayout, Paragraph, type MailContext } from "./layout";
import { kindLabelValues, type OptOutLink } from "./notification";

export interface NotificationDigestSection {
  /** The record, as it is called now. */
  about: string;
  /** Its page in the reader's area. */
  url: string;
  /** One sentence per event, oldest first, in the reader's language. */
  lines: string[];
}

export interface NotificationDigestMail {
  name: string;
  /** One per record, the record with the most recent event first. */
  sections: NotificationDigestSection[];
  /** Where the reader's area of the portal starts. */
  portalUrl: string;
  /** One per kind the digest holds. */
  optOut: OptOutLink[];
  preferencesUrl: string;
}

const m = {
  subject: /*i18n*/ { id: "mail.notification-digest.subject", message: "Your {brandName} summary: {count, plural, one {# update} other {# updates}}" },
  preview: /*i18n*/ { id: "mail.notification-digest.preview", message: "{count, plural, one {# update} other {# updates}} since your last summary" },
  title: /*i18n*/ { id: "mail.notification-digest.title", message: "Your daily summary" },
  action: /*i18n*/ { id: "mail.notification-digest.action", message: "Open {brandName}" },
  note: /*i18n*/ {
    id: "mail.notification-digest.note",
    message: "Your notification settings send these once a day. Choose what reaches you, and how, on your account page: {preferencesUrl}",
  },
  optOut: /*i18n*/ { id: "mail.notification-digest.opt-out", message: "Stop mail about {kindLabelLower}" },
  greeting: /*i18n*/ {
    id: "mail.notification-digest.greeting",
    message: "Hello {name}, {count, plural, one {# update} other {# updates}} since your last summary:",
  },
} satisfies Record<string, MailMessage>;

const count = (sections: readonly NotificationDigestSection[]) => sections.reduce((sum, section) => sum + section.lines.length, 0);

export const notificationDigestSubject = ({ brandName, t }: MailContext, { sections }: NotificationDigestMail) => t(m.subject, { brandName, count: count(sections) });

const heading = { color: "#18181b", fontSize: "16px", fontWeight: 600, margin: "20px 0 4px" };
const line = { color: "#3f3f46", fontSize: "15px", lineHeight: "24px", margin: "0 0 4px" };

/** The daily summary of what a reader chose to hear of once a day (modules/notifications/notification-digest.ts sends it). */
export function NotificationDigestEmail({ name, sections, portalUrl, optOut, preferencesUrl, ...frame }: NotificationDigestMail & MailContext) {
  const { t } = frame;
  const total = count(sections);
  return (
    <MailLayout
      {...frame}
      preview={t(m.preview, { count: total })}
      title={t(m.title)}
      action={{ label: t(m.action, { brandName: frame.brandName }), url: portalUrl }}
      note={t(m.note, { preferencesUrl })}
      optOut={optOut.map((link) => ({ label: t(m.optOut, kindLabelValues(t, link.kind)), url: link.url }))}
    >
      <Paragraph>{t(m.greeting, { name, count: total })}</Paragraph>
      {sections.map((section, index) => (
        <Section key={index}>
          <Text style={heading}>
            <Link href={section.url}>{section.about}</Link>
          </Text>
          {section.lines.map((text, index) => (
            <Text key={index} style={line}>
              • {text}
            </Text>
          ))}
        </Section>
      ))}
    </MailLayout>
  );
}
