import { MailLayout, Paragraph, type MailFrame } from "./layout";

export interface EmailChangeMail {
  name: string;
  newEmail: string;
  url: string;
  validForMinutes: number;
}

export const emailChangeSubject = ({ brandName }: MailFrame) => `Confirm your new ${brandName} email address`;

export function EmailChangeEmail({ name, newEmail, url, validForMinutes, ...frame }: EmailChangeMail & MailFrame) {
  return (
    <MailLayout
      {...frame}
      preview={`Confirm ${newEmail} as your ${frame.brandName} sign-in address`}
      title="Confirm your new email address"
      action={{ label: "Confirm this address", url }}
      note={`The link works for ${validForMinutes} minutes, and only while you are signed in to that account. If you did not ask for this change, ignore this mail: nothing changes.`}
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        You asked to sign in to {frame.brandName} with {newEmail} from now on. Your address changes once you confirm it.
      </Paragraph>
    </MailLayout>
  );
}
