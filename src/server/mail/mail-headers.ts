/**
 * Extra header fields of one message, by name (a notification's `List-Unsubscribe` and
 * `List-Unsubscribe-Post`, RFC 8058). Names are RFC 5322 field names; values one line of printable
 * text (checked at `enqueue`, so nothing a caller passes can add a header of its own).
 */
export type MailHeaders = Record<string, string>;
