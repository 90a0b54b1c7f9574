import { z } from "zod";
import { NOTHING_TO_UPDATE } from "../rules/common";
import { buildField, formShape, type FieldBuilders, type FieldPresence, type FieldRule, type FormDeclaration, type PresenceBuilders } from "../rules/fields";
import { nullWhenBlank, optionalText, requiredText } from "./text";

/* The server's zod schemas of the forms declared in src/shared/rules (fields.ts there says how). */

/** A trimmed input that is blank or passes `schema`. */
const blankOr = (schema: { safeParse: (value: string) => { success: boolean } }, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || schema.safeParse(value).success, message);

type Blankable = ReturnType<typeof optionalText>;

/** The zod type each kind of rule builds, so that a form's input and output types follow its declaration. */
export type ZodField<Rule extends FieldRule> = Rule extends { kind: "name" }
  ? z.ZodString
  : Rule extends { kind: "id" }
    ? z.ZodUUID
    : Rule extends { kind: "choice"; values: infer Values extends readonly string[] }
      ? z.ZodEnum<{ [Value in Values[number]]: Value }>
      : Blankable;

const zodBuilders: FieldBuilders<z.ZodType> = {
  name: (rule) => requiredText(rule.required, rule.max, rule.tooLong),
  text: (rule) => optionalText(rule.tooLong, rule.max),
  id: (rule) => z.uuid(rule.message),
  idOrNone: (rule) => nullWhenBlank(blankOr(z.uuid(), rule.message)),
  // The date check is a refinement the document cannot show: it publishes the same rule (a date, "" or null).
  dateOrNone: (rule) => nullWhenBlank(blankOr(z.iso.date(), rule.message)).meta({ anyOf: [{ type: "string", format: "date" }, { const: "" }, { type: "null" }] }),
  choice: (rule) => z.enum(rule.values, rule.message),
};

export function zodField<Rule extends FieldRule>(rule: Rule): ZodField<Rule>;
export function zodField(rule: FieldRule): z.ZodType {
  return buildField(rule, zodBuilders);
}

/** A field's schema as a form takes it (FieldPresence). */
type Present<Schema extends z.ZodType> = { optional: z.ZodOptional<Schema>; defaulted: z.ZodDefault<Schema>; asRuled: Schema };

type FormShape<Fields extends Record<string, FieldRule>, Form extends FormDeclaration<keyof Fields & string>> = {
  [Name in Form["fields"][number]]: Present<ZodField<Fields[Name]>>[FieldPresence<Form, Name>];
};

const zodPresence: PresenceBuilders<z.ZodType> = {
  optional: (schema) => schema.optional(),
  defaulted: (schema, value) => schema.default(value as never),
};

/**
 * The form's input schema: its fields' rules, then, for an edit, "at least one field", then its
 * cross-field rules. The refinements are published as the OpenAPI document can say them.
 */
export function zodForm<Fields extends Record<string, FieldRule>, const Form extends FormDeclaration<keyof Fields & string>>(fields: Fields, form: Form) {
  const shape = formShape(fields, form, zodField, zodPresence) as FormShape<Fields, Form>;
  let schema = z.object(shape);
  if (form.partial) schema = schema.refine((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE);
  for (const rule of form.crossField ?? []) schema = schema.refine((input) => rule.holds(input as never), { message: rule.message, path: [rule.path] });
  if (form.partial) schema = schema.meta({ minProperties: 1, ...(form.description ? { description: form.description } : {}) });
  return schema;
}
