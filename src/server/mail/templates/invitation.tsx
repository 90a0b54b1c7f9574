import { MailLayout, Paragraph, type MailFrame } from "./layout";

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

const invitedTo = ({ companyName }: Pick<InvitationMail, "companyName">, { brandName }: MailFrame) =>
  companyName ? `${companyName} on ${brandName}` : `the ${brandName} team`;

export const invitationSubject = (frame: MailFrame, props: InvitationMail) => `You're invited to join ${invitedTo(props, frame)}`;

export function InvitationEmail({ invitedBy, companyName, token, validForDays, ...frame }: InvitationMail & MailFrame) {
  const where = invitedTo({ companyName }, frame);
  return (
    <MailLayout
      {...frame}
      preview={`An invitation to join ${where}`}
      title={`Join ${where}`}
      action={{ label: "Accept the invitation", url: invitationUrl(frame.baseUrl, token) }}
      note={`The link works once, for ${validForDays} days. If you did not expect it, ignore this mail: nothing happens unless you open it.`}
    >
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        {invitedBy ? `${invitedBy} invited you` : "You are invited"} to join {where}.{" "}
        {companyName
          ? `There you follow the company's projects, open and discuss support tickets, see invoices and chat with the ${frame.brandName} team.`
          : `As a member of the team you manage every customer's projects, tickets, invoices and messages.`}
      </Paragraph>
    </MailLayout>
  );
}
