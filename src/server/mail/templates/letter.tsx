import type { MailMessage, MailValues, Translate } from "../i18n";
import { MailLayout, Paragraph, type MailContext, type MailFrame } from "./layout";

/** Every word of a letter. */
export interface LetterWords {
  subject: MailMessage;
  preview: MailMessage;
  title: MailMessage;
  action: MailMessage;
  note: MailMessage;
  greeting: MailMessage;
  /** The one paragraph: a message, or sentences that follow each other in it. */
  body: MailMessage | MailMessage[];
}

/** What makes a mail a letter: its words, where its button goes and the values its words use. */
export interface LetterDeclaration<P> {
  /** The words, or how the mail's props choose them. */
  words: LetterWords | ((props: P) => LetterWords);
  url(props: P, frame: MailFrame): string;
  /**
   * The values the words name; each message takes the ones it uses (the brand's name is always
   * there). `t` gives the language, for a value written as it writes them (an amount, a date).
   */
  values(props: P, t: Translate): MailValues;
}

/**
 * The mail most account messages are: a greeting, one paragraph and one button, every word from
 * the letter's words (letters.tsx holds them). Gives the subject and the component the template
 * registry (index.ts) takes.
 */
export function letter<P>({ words, url, values }: LetterDeclaration<P>) {
  const wordsOf = (props: P) => (typeof words === "function" ? words(props) : words);
  const valuesOf = (props: P, { brandName, t }: Pick<MailContext, "brandName" | "t">): MailValues => ({ brandName, ...values(props, t) });
  return {
    subject: (context: MailContext, props: P) => context.t(wordsOf(props).subject, valuesOf(props, context)),
    Component(props: P & MailContext) {
      const { brandName, baseUrl, t } = props;
      const letterWords = wordsOf(props);
      const all = valuesOf(props, props);
      const body = [letterWords.body].flat().map((sentence) => t(sentence, all));
      return (
        <MailLayout
          brandName={brandName}
          baseUrl={baseUrl}
          t={t}
          preview={t(letterWords.preview, all)}
          title={t(letterWords.title, all)}
          action={{ label: t(letterWords.action, all), url: url(props, { brandName, baseUrl }) }}
          note={t(letterWords.note, all)}
        >
          <Paragraph>{t(letterWords.greeting, all)}</Paragraph>
          <Paragraph>{body.join(" ")}</Paragraph>
        </MailLayout>
      );
    },
  };
}
