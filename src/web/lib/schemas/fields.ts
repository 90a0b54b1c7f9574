import { NOTHING_TO_UPDATE } from "@/shared/rules/common";
import { buildField, formShape, type FieldBuilders, type FieldPresence, type FieldRule, type FormDeclaration, type PresenceBuilders } from "@/shared/rules/fields";
import { optionalText, requiredText } from "./text";
import { z } from "./zod";

/*
 * The zod/mini schemas of the forms declared in src/shared/rules, rule for rule what
 * src/shared/schemas/fields.ts builds with classic zod (schemas.parity.test.ts holds them alike).
 */

const blankOr = (schema: { safeParse: (value: string) => { success: boolean } }, message: string) =>
  z.refine<string>((value) => value === "" || schema.safeParse(value).success, message);
const nullWhenBlank = (schema: z.ZodMiniString) => z.pipe(z.nullish(schema), z.transform((value: string | null | undefined) => (value ? value : null)));

type Blankable = ReturnType<typeof nullWhenBlank>;

export type MiniField<Rule extends FieldRule> = Rule extends { kind: "name" }
  ? z.ZodMiniString
  : Rule extends { kind: "id" }
    ? z.ZodMiniUUID
    : Rule extends { kind: "choice"; values: infer Values extends readonly string[] }
      ? z.ZodMiniEnum<{ [Value in Values[number]]: Value }>
      : Rule extends { kind: "text" }
        ? ReturnType<typeof optionalText>
        : Blankable;

const miniBuilders: FieldBuilders<z.ZodMiniType> = {
  name: (rule) => requiredText(rule.required, rule.max, rule.tooLong),
  text: (rule) => optionalText(rule.tooLong, rule.max),
  id: (rule) => z.uuid(rule.message),
  idOrNone: (rule) => nullWhenBlank(z.string().check(z.trim(), blankOr(z.uuid(), rule.message))),
  dateOrNone: (rule) => nullWhenBlank(z.string().check(z.trim(), blankOr(z.iso.date(), rule.message))),
  choice: (rule) => z.enum(rule.values, rule.message),
};

export function miniField<Rule extends FieldRule>(rule: Rule): MiniField<Rule>;
export function miniField(rule: FieldRule): z.ZodMiniType {
  return buildField(rule, miniBuilders);
}

/** A field's schema as a form takes it (FieldPresence). */
type Present<Schema extends z.ZodMiniType> = { optional: z.ZodMiniOptional<Schema>; defaulted: z.ZodMiniDefault<Schema>; asRuled: Schema };

type FormShape<Fields extends Record<string, FieldRule>, Form extends FormDeclaration<keyof Fields & string>> = {
  [Name in Form["fields"][number]]: Present<MiniField<Fields[Name]>>[FieldPresence<Form, Name>];
};

const miniPresence: PresenceBuilders<z.ZodMiniType> = {
  optional: (schema) => z.optional(schema),
  defaulted: (schema, value) => z._default(schema, value as never),
};

/** The form's input schema: its fields' rules, then, for an edit, "at least one field", then its cross-field rules. */
export function miniForm<Fields extends Record<string, FieldRule>, const Form extends FormDeclaration<keyof Fields & string>>(fields: Fields, form: Form) {
  const shape = formShape(fields, form, miniField, miniPresence) as FormShape<Fields, Form>;
  const checks = [
    ...(form.partial ? [z.refine<Record<string, unknown>>((input) => Object.values(input).some((value) => value !== undefined), NOTHING_TO_UPDATE)] : []),
    ...(form.crossField ?? []).map((rule) => z.refine<Record<string, unknown>>((input) => rule.holds(input as never), { message: rule.message, path: [rule.path] })),
  ];
  return checks.length > 0 ? z.object(shape).check(...checks) : z.object(shape);
}
