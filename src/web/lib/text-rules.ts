import { hasControlCharacter, hasDirectionOverride, textMessages } from "@/shared/rules/text";
import { firstFailing } from "./use-checked-form";

/*
 * The text inputs of src/shared/schemas/text.ts as plain checks, on a value already trimmed (as
 * the schemas trim before they check): the rules of the customer's forms are written by hand, as
 * the sign-in page's are, so that no customer screen needs zod (ADR 008).
 */

/** A required `storable` text (a comment): not empty, at most `max` long, no control character. The message of the first rule it fails. */
export const requiredTextFailure = (text: string, required: string, max: number, tooLong: string) =>
  firstFailing([
    [text.length < 1, required],
    [text.length > max, tooLong],
    [hasControlCharacter(text), textMessages.controlCharacter],
  ]);

/** `requiredText`, a name or title: `requiredTextFailure`, and no bidi override. */
export const requiredNameFailure = (text: string, required: string, max: number, tooLong: string) =>
  requiredTextFailure(text, required, max, tooLong) ?? firstFailing([[hasDirectionOverride(text), textMessages.directionOverride]]);

/** `optionalText`: at most `max` long, no control character. */
export const optionalTextFailure = (text: string, max: number, tooLong: string) =>
  firstFailing([
    [text.length > max, tooLong],
    [hasControlCharacter(text), textMessages.controlCharacter],
  ]);

/** An optional name (a contact's): `optionalTextFailure`, and no bidi override. */
export const optionalNameFailure = (text: string, max: number, tooLong: string) =>
  optionalTextFailure(text, max, tooLong) ?? firstFailing([[hasDirectionOverride(text), textMessages.directionOverride]]);

/** `optionalText`'s output: "" (an untouched input) is stored as null. */
export const blankAsNull = (text: string) => (text === "" ? null : text);
