import { regexes } from "zod/v4/core";
import type { FieldRule, FormDeclaration } from "@/shared/rules/fields";
import { blankAsNull, optionalTextFailure, requiredNameFailure } from "./text-rules";
import { collect, firstFailing, type Checked } from "./use-checked-form";

/*
 * The third builder of the forms declared in src/shared/rules (fields.ts there): plain checks of
 * the strings a customer's form sends, so that no customer screen loads zod (ADR 008). Only the
 * patterns come from zod's core, which the server's schemas test with too. A new record's form
 * only: an edit's "at least one field" and the cross-field rules are admin forms' (zod/mini).
 */

const uuidPattern = regexes.uuid();

/** The first message `value` fails under `rule`, in the order the server's schema checks; and the value it sends. */
function checkField(rule: FieldRule, value: string): [failure: string | undefined, output: string | null] {
  const text = value.trim();
  switch (rule.kind) {
    case "name":
      return [requiredNameFailure(text, rule.required, rule.max, rule.tooLong), text];
    case "text":
      return [optionalTextFailure(text, rule.max, rule.tooLong), blankAsNull(text)];
    // A select's value, not trimmed: the server's schema does not trim it either.
    case "id":
      return [firstFailing([[!uuidPattern.test(value), rule.message]]), value];
    case "choice":
      return [firstFailing([[!rule.values.includes(value), rule.message]]), value];
    case "idOrNone":
    case "dateOrNone":
      return [firstFailing([[text !== "" && !(rule.kind === "idOrNone" ? uuidPattern : regexes.date).test(text), rule.message]]), blankAsNull(text)];
  }
}

/** The form's values checked field by field: each failing field's first message, else the values to send. */
export function checkForm<Fields extends Record<string, FieldRule>, Name extends keyof Fields & string>(fields: Fields, form: FormDeclaration<Name>, input: Record<Name, string>): Checked<Name, Record<Name, string | null>> {
  const checked = form.fields.map((name) => [name, checkField(fields[name]!, input[name])] as const);
  return collect(Object.fromEntries(checked.map(([name, [failure]]) => [name, failure])), Object.fromEntries(checked.map(([name, [, output]]) => [name, output])) as Record<Name, string | null>);
}
