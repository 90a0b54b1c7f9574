import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { invoiceTextFields } from "@/shared/rules/invoice-fields";
import { DUE_DAYS_MAX, RECURRING_COUNT_MAX, recurringFrequencies } from "@/shared/rules/recurring";
import { EnumSelectField } from "@/web/components/ui/enum-select-field";
import { Field } from "@/web/components/ui/field";
import { Input, NativeSelect, Textarea } from "@/web/components/ui/input";
import { CompanyField } from "@/web/features/companies";
import { recurringFrequencyMessages } from "../../lib/recurring-labels";
import type { RecurringEnd, RecurringForm } from "./recurring-form-values";

/**
 * The lines editor: the invoice form's (a single amount or itemized lines, the live totals),
 * handed in by the admin routes, since one feature does not reach into another's components.
 */
export type LinesEditor = (form: RecurringForm) => ReactNode;

type TextName = "notes" | "dueDays" | "dayOfMonth" | "startDate" | "endDate" | "count";

const idOf = (name: string) => `recurring-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** An input of the form, labelled, with its hint and its first error under it, both read with it. */
function TextInput({ form, name, label, hint, multiline, required, ...input }: { form: RecurringForm; name: TextName; label: string; hint?: string; multiline?: boolean; required?: boolean } & Record<string, unknown>) {
  const id = idOf(name);
  const error = form.formState.errors[name]?.message;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const props = { id, "aria-invalid": !!error, "aria-describedby": describedBy, ...(required ? { "aria-required": true } : {}), ...input, ...form.register(name) };
  return (
    <Field id={id} label={label} required={required} error={error}>
      {multiline ? <Textarea {...props} /> : <Input autoComplete="off" {...props} />}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </Field>
  );
}

/** The three ways a schedule ends, as radio buttons (arrow keys move between them). */
function EndChoice({ form }: { form: RecurringForm }) {
  const { t } = useLingui();
  const choices: Array<[RecurringEnd, string]> = [
    ["none", t`No end`],
    ["date", t`On an end date`],
    ["count", t`After a number of invoices`],
  ];
  return (
    <div className="flex flex-wrap gap-x-6">
      {choices.map(([value, text]) => (
        // The label is the radio's tap target: a full 44 px row on a phone (WCAG 2.5.5).
        <label key={value} htmlFor={`recurring-end-${value}`} className="flex min-h-11 items-center gap-2 text-sm">
          <input id={`recurring-end-${value}`} type="radio" value={value} className="h-4 w-4 accent-primary" {...form.register("endKind")} />
          {text}
        </label>
      ))}
    </div>
  );
}

/**
 * A recurring invoice's fields, for the create dialog: the company, the invoice it issues (lines,
 * notes, issued or a draft, days to pay) and its schedule (frequency, day of the month, start, end).
 */
export function RecurringFields({ form, linesEditor }: { form: RecurringForm; linesEditor: LinesEditor }) {
  const { t } = useLingui();
  const endKind = useWatch({ control: form.control, name: "endKind" });
  const { errors } = form.formState;
  return (
    <>
      <CompanyField id="recurring-company" control={form.control} />
      {linesEditor(form)}
      <TextInput form={form} name="notes" label={t`Notes`} multiline maxLength={invoiceTextFields.notes.max} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="recurring-issue-status" label={t`Each invoice is`}>
          <NativeSelect id="recurring-issue-status" {...form.register("issueStatus")}>
            <option value="unpaid">{t`Issued at once`}</option>
            <option value="draft">{t`A draft to review`}</option>
          </NativeSelect>
        </Field>
        <TextInput
          form={form}
          name="dueDays"
          label={t`Days to pay`}
          hint={t`Each invoice is due this many days after its date. Empty: no due date.`}
          type="number"
          inputMode="numeric"
          min={0}
          max={DUE_DAYS_MAX}
          step={1}
        />
      </div>
      <fieldset className="space-y-4">
        <legend className="text-sm font-medium">{t`Schedule`}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <EnumSelectField id="recurring-frequency" label={t`Frequency`} required error={errors.frequency?.message} values={recurringFrequencies} labels={recurringFrequencyMessages} {...form.register("frequency")} />
          <TextInput
            form={form}
            name="dayOfMonth"
            label={t`Day of the month`}
            hint={t`A month without this day issues on its last day.`}
            required
            type="number"
            inputMode="numeric"
            min={1}
            max={31}
            step={1}
          />
        </div>
        <TextInput form={form} name="startDate" label={t`Start date`} hint={t`The first invoice is issued on the first scheduled day on or after today.`} required type="date" />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t`Ends`}</legend>
          <EndChoice form={form} />
          {endKind === "date" ? <TextInput form={form} name="endDate" label={t`End date`} hint={t`No invoice is issued after this day.`} required type="date" /> : null}
          {endKind === "count" ? (
            <TextInput form={form} name="count" label={t`Number of invoices`} required type="number" inputMode="numeric" min={1} max={RECURRING_COUNT_MAX} step={1} />
          ) : null}
        </fieldset>
      </fieldset>
    </>
  );
}
