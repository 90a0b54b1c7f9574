import { Link, Section, Text } from "@react-email/components";
import { MailLayout, Paragraph, type MailFrame } from "./layout";
import type { OptOutLink } from "./notification";

export interface NotificationDigestSection {
  /** The record, as it is called now. */
  about: string;
  /** Its page in the reader's area. */
  url: string;
  /** One sentence per event, oldest first. */
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

const count = (sections: readonly NotificationDigestSection[]) => sections.reduce((sum, section) => sum + section.lines.length, 0);
const updates = (n: number) => `${n} update${n === 1 ? "" : "s"}`;

export const notificationDigestSubject = ({ brandName }: MailFrame, { sections }: NotificationDigestMail) => `Your ${brandName} summary: ${updates(count(sections))}`;

const heading = { color: "#18181b", fontSize: "16px", fontWeight: 600, margin: "20px 0 4px" };
const line = { color: "#3f3f46", fontSize: "15px", lineHeight: "24px", margin: "0 0 4px" };

/** The daily summary of what a reader chose to hear of once a day (notification-digest.ts). */
export function NotificationDigestEmail({ name, sections, portalUrl, optOut, preferencesUrl, ...frame }: NotificationDigestMail & MailFrame) {
  const total = updates(count(sections));
  return (
    <MailLayout
      {...frame}
      preview={`${total} since your last summary`}
      title="Your daily summary"
      action={{ label: `Open ${frame.brandName}`, url: portalUrl }}
      note={`Your notification settings send these once a day. Choose what reaches you, and how, on your account page: ${preferencesUrl}`}
      optOut={optOut.map((link) => ({ label: `Stop mail about ${link.kindLabel.toLowerCase()}`, url: link.url }))}
    >
      <Paragraph>
        Hello {name}, {total} since your last summary:
      </Paragraph>
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
