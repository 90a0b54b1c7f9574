/**
 * What every free text refuses, as plain checks: the server's zod schemas (src/shared/schemas/text.ts)
 * and the web's form checks read the same ones.
 */

/**
 * Text without a C0 control character but tab, line feed and carriage return. A pattern (not a
 * function) so that the OpenAPI document publishes it with the field.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const NO_CONTROL_CHARACTER_PATTERN = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$/;
/** Text without an explicit bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069). */
export const NO_DIRECTION_OVERRIDE_PATTERN = /^[^\u202A-\u202E\u2066-\u2069]*$/;

/**
 * A C0 control character other than tab, line feed and carriage return, which multi-line inputs
 * send: NUL (PostgreSQL text cannot hold it), backspace, escape… Nobody types one; they arrive
 * only by script, and would reach terminals, logs and CSV exports as they came.
 */
export const hasControlCharacter = (text: string) => !NO_CONTROL_CHARACTER_PATTERN.test(text);

/**
 * An explicit bidi embedding, override or isolate (U+202A–U+202E, U+2066–U+2069). Inside a name
 * shown within other text (a list, a notification, a mail subject) one left open reverses what
 * follows it: "Invoice ‮fdp.exe" reads as "Invoice exe.pdf". Right-to-left writing needs none of them.
 */
export const hasDirectionOverride = (text: string) => !NO_DIRECTION_OVERRIDE_PATTERN.test(text);

export const textMessages = {
  controlCharacter: "Remove the invisible control character from this text",
  directionOverride: "Remove the invisible text-direction character from this name",
} as const;
