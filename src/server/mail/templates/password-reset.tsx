import { MailLayout, Paragraph, type MailFrame } from "./layout";

export interface PasswordResetMail {
  name: string;
  url: string;
  validForMinutes: number;
}

export const passwordResetSubject = ({ brandName }: MailFrame) => `Reset your ${brandName} password`;

export function PasswordResetEmail({ name, url, validForMinutes, ...frame }: PasswordResetMail & MailFrame) {
  return (
    <MailLayout
      {...frame}
      preview={`A link to choose a new ${frame.brandName} password`}
      title="Reset your password"
      action={{ label: "Choose a new password", url }}
      note={`The link works once, for ${validForMinutes} minutes. If you did not ask for it, ignore this mail: your password stays as it is.`}
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>Someone, hopefully you, asked to reset the password of your {frame.brandName} account. Choosing a new password signs you out everywhere.</Paragraph>
    </MailLayout>
  );
}
