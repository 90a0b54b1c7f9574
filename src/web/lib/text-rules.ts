import { firstFailing } from "./use-checked-form";

/*
 * The text inputs of src/shared/schemas/text.ts as plain checks, on a value already trimmed (as
 * the schemas trim before they check): the rules of the customer's forms are written by hand, as
 * the sign-in page's are, so that no customer screen needs zod (ADR 008).
 */

/** `requiredText`: not empty, at most `max` long. The message of the first rule it fails. */
export const requiredTextFailure = (text: string, required: string, max: number, tooLong: string) =>
  firstFailing([
    [text.length < 1, required],
    [text.length > max, tooLong],
  ]);

/** `optionalText`: at most `max` long. */
export const optionalTextFailure = (text: string, max: number, tooLong: string) => firstFailing([[text.length > max, tooLong]]);

/** `optionalText`'s output: "" (an untouched input) is stored as null. */
export const blankAsNull = (text: string) => (text === "" ? null : text);
