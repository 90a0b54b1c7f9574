import type { MailMessage } from "../i18n";
import { MailLayout, Paragraph, type MailContext } from "./layout";

export interface InvitationMail {
  /** Who sent it, by name; null when that account is gone. */
  invitedBy: string | null;
  /** The company to join, or null for an invitation to the provider's team. */
  companyName: string | null;
  /** The link's secret; the link itself points at this installation's invitation page. */
  token: string;
  validForDays: number;
}

/** Where the mailed link lands: the web app's invitation page, which then calls the API (a GET changes nothing). */
export const invitationUrl = (baseUrl: string, token: string) => `${baseUrl}/invitation?token=${encodeURIComponent(token)}`;

/** Whole sentences for a company's invitation and for the team's: a language inflects "the team" its own way. */
const m = {
  company: {
    subject: /*i18n*/ { id: "mail.invitation.company.subject", message: "You're invited to join {companyName} on {brandName}" },
    preview: /*i18n*/ { id: "mail.invitation.company.preview", message: "An invitation to join {companyName} on {brandName}" },
    title: /*i18n*/ { id: "mail.invitation.company.title", message: "Join {companyName} on {brandName}" },
    invitedBy: /*i18n*/ { id: "mail.invitation.company.invited-by", message: "{invitedBy} invited you to join {companyName} on {brandName}." },
    invited: /*i18n*/ { id: "mail.invitation.company.invited", message: "You are invited to join {companyName} on {brandName}." },
    about: /*i18n*/ {
      id: "mail.invitation.company.about",
      message: "There you follow the company's projects, open and discuss support tickets, see invoices and chat with the {brandName} team.",
    },
  },
  team: {
    subject: /*i18n*/ { id: "mail.invitation.team.subject", message: "You're invited to join the {brandName} team" },
    preview: /*i18n*/ { id: "mail.invitation.team.preview", message: "An invitation to join the {brandName} team" },
    title: /*i18n*/ { id: "mail.invitation.team.title", message: "Join the {brandName} team" },
    invitedBy: /*i18n*/ { id: "mail.invitation.team.invited-by", message: "{invitedBy} invited you to join the {brandName} team." },
    invited: /*i18n*/ { id: "mail.invitation.team.invited", message: "You are invited to join the {brandName} team." },
    about: /*i18n*/ {
      id: "mail.invitation.team.about",
      message: "As a member of the team you manage every customer's projects, tickets, invoices and messages.",
    },
  },
  action: /*i18n*/ { id: "mail.invitation.action", message: "Accept the invitation" },
  note: /*i18n*/ {
    id: "mail.invitation.note",
    message: "The link works once, for {validForDays} days. If you did not expect it, ignore this mail: nothing happens unless you open it.",
  },
  greeting: /*i18n*/ { id: "mail.invitation.greeting", message: "Hello," },
} satisfies Record<string, MailMessage | Record<string, MailMessage>>;

const wordsOf = (companyName: string | null) => (companyName ? m.company : m.team);

export const invitationSubject = ({ brandName, t }: MailContext, { companyName }: InvitationMail) =>
  t(wordsOf(companyName).subject, { companyName: companyName ?? "", brandName });

export function InvitationEmail({ invitedBy, companyName, token, validForDays, ...frame }: InvitationMail & MailContext) {
  const { t, brandName } = frame;
  const words = wordsOf(companyName);
  const where = { companyName: companyName ?? "", brandName };
  return (
    <MailLayout
      {...frame}
      preview={t(words.preview, where)}
      title={t(words.title, where)}
      action={{ label: t(m.action), url: invitationUrl(frame.baseUrl, token) }}
      note={t(m.note, { validForDays })}
    >
      <Paragraph>{t(m.greeting)}</Paragraph>
      <Paragraph>
        {invitedBy ? t(words.invitedBy, { ...where, invitedBy }) : t(words.invited, where)} {t(words.about, { brandName })}
      </Paragraph>
    </MailLayout>
  );
}
