import { Section, Text } from "@react-email/components";
import type { NotificationKind } from "@/shared/rules/notifications";
import type { MailMessage, Translate } from "../i18n";
import { notificationKindMessages } from "../notification-words";
import { MailLayout, Paragraph, type MailContext } from "./layout";

/** A link that turns one kind of mail off: the web app's unsubscribe page, which asks before it does. */
export interface OptOutLink {
  /** The kind it turns off, named as on the preferences page ("Ticket status changes"). */
  kind: NotificationKind;
  url: string;
}

export interface NotificationMail {
  /** The reader's name, for the greeting. */
  name: string;
  /** The record the events are about, as it is called now: a ticket's title, a project's name, an invoice's number, the company's name. */
  about: string;
  /** One sentence per event, oldest first, in the reader's language (mail/notification-words.ts words them). */
  lines: string[];
  /** The record's page in the reader's area. */
  url: string;
  optOut: OptOutLink;
  /** The reader's account page, where each kind's delivery is chosen. */
  preferencesUrl: string;
}

/**
 * A kind's name for a sentence: `kindLabel` as the preferences page writes it, `kindLabelLower` in
 * lower case for a language that writes it so mid-sentence (English does; German keeps its nouns).
 */
export function kindLabelValues(t: Translate, kind: NotificationKind) {
  const kindLabel = t(notificationKindMessages[kind]);
  return { kindLabel, kindLabelLower: kindLabel.toLocaleLowerCase(t.locale) };
}

const m = {
  updates: /*i18n*/ { id: "mail.notification.updates", message: "{count, plural, one {# update on {about}} other {# updates on {about}}}" },
  action: /*i18n*/ { id: "mail.notification.action", message: "Open in {brandName}" },
  note: /*i18n*/ {
    id: "mail.notification.note",
    message: "Your notification settings send {kindLabelLower} by mail at once. Choose what reaches you, and how, on your account page: {preferencesUrl}",
  },
  optOut: /*i18n*/ { id: "mail.notification.opt-out", message: "Stop these mails ({kindLabel})" },
  greeting: /*i18n*/ { id: "mail.notification.greeting", message: "Hello {name}," },
} satisfies Record<string, MailMessage>;

/** The longest subject line: a title and a status change can make a sentence far longer than a mail client shows. */
const SUBJECT_MAX = 150;
export const clipLine = (text: string, max = SUBJECT_MAX) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The one event's sentence, or how many there are. */
const summary = (t: Translate, { about, lines }: Pick<NotificationMail, "about" | "lines">) =>
  lines.length === 1 ? lines[0]! : t(m.updates, { count: lines.length, about });

export const notificationSubject = ({ t }: MailContext, props: NotificationMail) => clipLine(summary(t, props));

const list = { color: "#3f3f46", fontSize: "15px", lineHeight: "24px", margin: "0 0 8px" };

/** One mail for a few quick events on one record (notification-mail.ts coalesces them). */
export function NotificationEmail({ name, about, lines, url, optOut, preferencesUrl, ...frame }: NotificationMail & MailContext) {
  const { t } = frame;
  const kind = kindLabelValues(t, optOut.kind);
  return (
    <MailLayout
      {...frame}
      preview={summary(t, { about, lines })}
      title={about}
      action={{ label: t(m.action, { brandName: frame.brandName }), url }}
      note={t(m.note, { ...kind, preferencesUrl })}
      optOut={[{ label: t(m.optOut, kind), url: optOut.url }]}
    >
      <Paragraph>{t(m.greeting, { name })}</Paragraph>
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
