import type { MailMessage, MailValues } from "../i18n";
import { MailLayout, Paragraph, type MailContext } from "./layout";

/** The words of a letter: the template's own message table, with at least these. */
export interface LetterWords {
  preview: MailMessage;
  title: MailMessage;
  action: MailMessage;
  note: MailMessage;
  greeting: MailMessage;
  body: MailMessage;
}

interface LetterProps extends MailContext {
  words: LetterWords;
  /** Where the button goes. */
  url: string;
  /** The values the words use; each message takes the ones it names (the brand's name is always there). */
  values: MailValues;
}

/**
 * The mail most account messages are: a greeting, one paragraph and one button, every word from
 * the template's message table (password reset, email change, a webhook switched off).
 */
export function Letter({ words, url, values, ...frame }: LetterProps) {
  const { t } = frame;
  const all = { brandName: frame.brandName, ...values };
  return (
    <MailLayout {...frame} preview={t(words.preview, all)} title={t(words.title, all)} action={{ label: t(words.action, all), url }} note={t(words.note, all)}>
      <Paragraph>{t(words.greeting, all)}</Paragraph>
      <Paragraph>{t(words.body, all)}</Paragraph>
    </MailLayout>
  );
}
