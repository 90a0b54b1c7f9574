import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { QUOTE_NOTES_MAX, QUOTE_TERMS_MAX, QUOTE_TITLE_MAX } from "@/shared/rules/quote";
import { Field } from "@/web/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/web/components/ui/input";
import { CompanyField } from "@/web/features/companies";
import { localToday } from "../../lib/quote-rules";
import type { QuoteForm, QuoteFormValues } from "./quote-form-values";

/**
 * The lines editor: the invoice form's (amount or lines, live totals), handed in by the admin
 * routes, since one feature does not reach into another's components.
 */
export type LinesEditor = (form: QuoteForm, currency: string | undefined) => ReactNode;

type TextName = "title" | "validUntil" | "depositPercent" | "depositAmount" | "notes" | "terms";

/** An input of the form, labelled, with its first error under it. */
function TextInput({ form, name, label, multiline, required, ...input }: { form: QuoteForm; name: TextName; label: string; multiline?: boolean; required?: boolean } & Record<string, unknown>) {
  const id = `quote-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const error = form.formState.errors[name]?.message;
  const props = { id, "aria-invalid": !!error, "aria-describedby": error ? `${id}-error` : undefined, ...input, ...form.register(name) };
  return (
    <Field id={id} label={label} required={required} error={error}>
      {multiline ? <Textarea {...props} /> : <Input autoComplete="off" {...props} />}
    </Field>
  );
}

function Select({ form, name, label, options }: { form: QuoteForm; name: "invoicing" | "depositKind" | "invoiceStatus"; label: string; options: Array<[QuoteFormValues[typeof name], string]> }) {
  const id = `quote-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  return (
    <Field id={id} label={label}>
      <NativeSelect id={id} {...form.register(name)}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/**
 * A quote's fields, for the create and edit dialogs: the company, title, lines (the invoice
 * form's editor, with its live totals), valid until, what accepting it invoices, notes and terms.
 */
export function QuoteFields({ form, currency, linesEditor }: { form: QuoteForm; currency?: string | undefined; linesEditor: LinesEditor }) {
  const { t } = useLingui();
  const [invoicing, depositKind] = useWatch({ control: form.control, name: ["invoicing", "depositKind"] });
  return (
    <>
      <CompanyField id="quote-company" control={form.control} />
      <TextInput form={form} name="title" label={t`Title`} required maxLength={QUOTE_TITLE_MAX} />
      {linesEditor(form, currency)}
      <TextInput form={form} name="validUntil" label={t`Valid until`} required type="date" min={localToday()} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium">{t`On acceptance`}</legend>
        <Select
          form={form}
          name="invoicing"
          label={t`What is invoiced`}
          options={[
            ["none", t`Nothing`],
            ["deposit", t`A deposit`],
            ["full", t`The full amount`],
          ]}
        />
        {invoicing === "deposit" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Select
              form={form}
              name="depositKind"
              label={t`Deposit as`}
              options={[
                ["percent", t`A percent of the total`],
                ["amount", t`An amount`],
              ]}
            />
            {depositKind === "percent" ? (
              <TextInput form={form} name="depositPercent" label={t`Deposit (%)`} required inputMode="decimal" />
            ) : (
              <TextInput form={form} name="depositAmount" label={t`Deposit amount`} required inputMode="decimal" />
            )}
          </div>
        ) : null}
        {invoicing === "none" ? null : (
          <Select
            form={form}
            name="invoiceStatus"
            label={t`The invoice is`}
            options={[
              ["unpaid", t`Issued at once`],
              ["draft", t`A draft to review`],
            ]}
          />
        )}
      </fieldset>
      <TextInput form={form} name="notes" label={t`Notes`} multiline maxLength={QUOTE_NOTES_MAX} />
      <TextInput form={form} name="terms" label={t`Terms`} multiline maxLength={QUOTE_TERMS_MAX} />
    </>
  );
}
