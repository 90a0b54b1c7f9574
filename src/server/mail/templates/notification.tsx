import { Section, Text } from "@react-email/components";
import { MailLayout, Paragraph, type MailFrame } from "./layout";

/** A link that turns one kind of mail off: the web app's unsubscribe page, which asks before it does. */
export interface OptOutLink {
  /** The kind's wording on the preferences page ("Ticket status changes"). */
  kindLabel: string;
  url: string;
}

export interface NotificationMail {
  /** The reader's name, for the greeting. */
  name: string;
  /** The record the events are about, as it is called now: a ticket's title, a project's name, an invoice's number, the company's name. */
  about: string;
  /** One sentence per event, oldest first (shared/rules/notifications.ts words them). */
  lines: string[];
  /** The record's page in the reader's area. */
  url: string;
  optOut: OptOutLink;
  /** The reader's account page, where each kind's delivery is chosen. */
  preferencesUrl: string;
}

/** The longest subject line: a title and a status change can make a sentence far longer than a mail client shows. */
const SUBJECT_MAX = 150;
export const clipLine = (text: string, max = SUBJECT_MAX) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export const notificationSubject = (_frame: MailFrame, { about, lines }: NotificationMail) =>
  lines.length === 1 ? clipLine(lines[0]!) : clipLine(`${lines.length} updates on ${about}`);

const list = { color: "#3f3f46", fontSize: "15px", lineHeight: "24px", margin: "0 0 8px" };

/** One mail for a few quick events on one record (notification-mail.ts coalesces them). */
export function NotificationEmail({ name, about, lines, url, optOut, preferencesUrl, ...frame }: NotificationMail & MailFrame) {
  return (
    <MailLayout
      {...frame}
      preview={lines.length === 1 ? lines[0]! : `${lines.length} updates on ${about}`}
      title={about}
      action={{ label: `Open in ${frame.brandName}`, url }}
      note={`Your notification settings send ${optOut.kindLabel.toLowerCase()} by mail at once. Choose what reaches you, and how, on your account page: ${preferencesUrl}`}
      optOut={[{ label: `Stop these mails (${optOut.kindLabel})`, url: optOut.url }]}
    >
      <Paragraph>Hello {name},</Paragraph>
      <Section>
        {lines.map((line, index) => (
          <Text key={index} style={list}>
            • {line}
          </Text>
        ))}
      </Section>
    </MailLayout>
  );
}
