import type { MessageDescriptor } from "@lingui/core";
import type { SelectHTMLAttributes } from "react";
import { EnumOptions } from "./enum-options";
import { Field } from "./field";
import { NativeSelect } from "./input";

interface EnumSelectFieldProps<Value extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  id: string;
  label: string;
  /** Marks the label only; the caller sets aria-required where the select needs it. */
  required?: boolean;
  error?: string | undefined;
  values: readonly Value[];
  labels: Record<Value, MessageDescriptor>;
}

/** A labelled select over one of the shared enums (a status, a priority). */
export function EnumSelectField<Value extends string>({ id, label, required, error, values, labels, ...select }: EnumSelectFieldProps<Value>) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <NativeSelect id={id} {...select}>
        <EnumOptions values={values} labels={labels} />
      </NativeSelect>
    </Field>
  );
}
