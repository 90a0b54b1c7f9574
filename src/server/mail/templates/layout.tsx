import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { MailMessage, Translate } from "../i18n";

/** What every template gets besides its own props. */
export interface MailFrame {
  brandName: string;
  baseUrl: string;
}

const page = { backgroundColor: "#f4f4f5", fontFamily: "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif", padding: "24px 0" };
const card = { backgroundColor: "#ffffff", borderRadius: "8px", margin: "0 auto", maxWidth: "520px", padding: "32px" };
const brand = { color: "#2563eb", fontSize: "20px", fontWeight: 700, margin: "0 0 24px" };
const heading = { color: "#18181b", fontSize: "22px", margin: "0 0 16px" };
const text = { color: "#3f3f46", fontSize: "15px", lineHeight: "24px" };
const button = { backgroundColor: "#2563eb", borderRadius: "6px", color: "#ffffff", fontSize: "15px", fontWeight: 600, padding: "12px 20px", textDecoration: "none" };
const footer = { color: "#71717a", fontSize: "12px", lineHeight: "18px" };

/** What a template's component gets besides its props: the frame and the recipient's language. */
export type MailContext = MailFrame & { t: Translate };

const m = {
  copyLink: /*i18n*/ { id: "mail.layout.copy-link", message: "If the button does not work, copy this address into your browser: {url}" },
} satisfies Record<string, MailMessage>;

interface LayoutProps extends MailContext {
  /** The line mail clients show next to the subject. */
  preview: string;
  title: string;
  children: ReactNode;
  /** The one thing to do; shown as a button (HTML) and as the bare address (text). */
  action: { label: string; url: string };
  /** Small print under the button: why the reader got this, what happens if they ignore it. */
  note: string;
  /** Links in the small print that stop this kind of mail (notifications: the unsubscribe page, one per kind). */
  optOut?: { label: string; url: string }[];
}

const footerLink = { color: "#71717a", textDecoration: "underline" };

/** The branded frame of every mail: brand, title, body, one action and a note. */
export function MailLayout({ brandName, baseUrl, t, preview, title, children, action, note, optOut = [] }: LayoutProps) {
  return (
    <Html lang={t.locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={brand}>{brandName}</Text>
          <Heading as="h1" style={heading}>
            {title}
          </Heading>
          <Section style={text}>{children}</Section>
          <Section style={{ margin: "24px 0" }}>
            <Button href={action.url} style={button}>
              {action.label}
            </Button>
          </Section>
          <Text style={text}>{t(m.copyLink, { url: action.url })}</Text>
          <Hr />
          <Text style={footer}>{note}</Text>
          {optOut.map((link) => (
            <Text key={link.url} style={footer}>
              {link.label}:{" "}
              <Link href={link.url} style={footerLink}>
                {link.url}
              </Link>
            </Text>
          ))}
          <Text style={footer}>
            {brandName} · {baseUrl}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export const Paragraph = ({ children }: { children: ReactNode }) => <Text style={text}>{children}</Text>;
