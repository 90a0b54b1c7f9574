/**
 * A form's fields, declared once as plain data (ADR 042): each field's rule and messages, and which
 * fields a form takes. Three builders read the same declarations: the server's zod
 * (src/shared/schemas/fields.ts), the web's zod/mini (src/web/lib/schemas/fields.ts) and the
 * customer's plain checks (src/web/lib/field-checks.ts), so no side writes a rule of its own.
 * No zod here: the customer's pages load this file and must not load zod (ADR 008).
 */

/** One field's rule. Every text is trimmed before it is checked. */
export type FieldRule =
  /** A name or title: required, at most `max` long, storable as a name (no control or bidi character). */
  | { kind: "name"; required: string; max: number; tooLong: string }
  /** A free text (a description): at most `max` long, storable; "", null and a missing value are stored as null. */
  | { kind: "text"; max: number; tooLong: string }
  /** A record chosen in a select: its UUID. */
  | { kind: "id"; message: string }
  /** A team member or nobody: a UUID, or "" or null for nobody (stored as null). */
  | { kind: "idOrNone"; message: string }
  /** A date as YYYY-MM-DD, or "" or null for none (stored as null). */
  | { kind: "dateOrNone"; message: string }
  /** One of `values`, chosen in a select. */
  | { kind: "choice"; values: readonly [string, ...string[]]; message: string };

/** How one builder makes each kind of rule: the server's zod, the web's zod/mini. */
export type FieldBuilders<Built> = { [Kind in FieldRule["kind"]]: (rule: Extract<FieldRule, { kind: Kind }>) => Built };

/** What `builders` make of `rule`: the one dispatch over the kinds, whichever builder reads it. */
export function buildField<Built>(rule: FieldRule, builders: FieldBuilders<Built>): Built {
  return (builders[rule.kind] as (rule: FieldRule) => Built)(rule);
}

/** A rule between fields, checked once every field has passed its own: `holds` on the parsed values, else `message` at `path`. */
export interface CrossFieldRule {
  // `never`: a rule reads the fields of its own form, which the generic form cannot name.
  holds: (input: never) => boolean;
  message: string;
  path: string;
}

/** Which declared fields a form sends, and how it treats a missing one. */
export interface FormDeclaration<Name extends string> {
  fields: readonly Name[];
  /** An edit: every field may be left out, and one that changes nothing is refused (NOTHING_TO_UPDATE). */
  partial?: boolean;
  /** The value of a field left out of a new record. */
  defaults?: Partial<Record<Name, string>>;
  /** Checks between fields, in this order. */
  crossField?: readonly CrossFieldRule[];
  /** What the OpenAPI document says of the rules a JSON Schema cannot show. */
  description?: string;
}

/**
 * How a form takes one of its fields: every field may be left out of an edit (`optional`), a new
 * record's field with a default gets it when left out (`defaulted`), any other is as its rule says.
 * Each builder types its schemas by this, as formShape builds them.
 */
export type FieldPresence<Form extends FormDeclaration<string>, Name extends string> = Form extends { partial: true }
  ? "optional"
  : Form extends { defaults: infer Defaults }
    ? Name extends keyof Defaults
      ? "defaulted"
      : "asRuled"
    : "asRuled";

/** How one builder wraps a field's schema for its presence in a form. */
export interface PresenceBuilders<Built> {
  optional(schema: Built): Built;
  defaulted(schema: Built, value: string): Built;
}

/** The form's fields, each as `build` makes its rule and wrapped for its presence: the shape of the form's object schema. */
export function formShape<Built>(
  fields: Record<string, FieldRule>,
  form: FormDeclaration<string>,
  build: (rule: FieldRule) => Built,
  presence: PresenceBuilders<Built>,
): Record<string, Built> {
  return Object.fromEntries(
    form.fields.map((name) => {
      const schema = build(fields[name]!);
      const fallback = form.defaults?.[name];
      return [name, form.partial ? presence.optional(schema) : fallback === undefined ? schema : presence.defaulted(schema, fallback)];
    }),
  );
}

/** The declarations keep their literal types (a choice's values, a form's field names): the builders' types follow them. */
export const declareFields = <const Fields extends Record<string, FieldRule>>(fields: Fields) => fields;

export const declareForms = <Fields extends Record<string, FieldRule>, const Forms extends Record<string, FormDeclaration<keyof Fields & string>>>(_fields: Fields, forms: Forms) =>
  forms;
