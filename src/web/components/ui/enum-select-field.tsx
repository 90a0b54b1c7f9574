import type { MessageDescriptor } from "@lingui/core";
import type { SelectHTMLAttributes } from "react";
import { EnumOptions } from "./enum-options";
import { errorAria, Field } from "./field";
import { NativeSelect } from "./input";

interface EnumSelectFieldProps<Value extends string> extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  id: string;
  label: string;
  /** Marks the label and sets aria-required, as InputField does. */
  required?: boolean;
  error?: string | undefined;
  values: readonly Value[];
  labels: Record<Value, MessageDescriptor>;
}

/** A labelled select over one of the shared enums (a status, a priority), tied to its message as InputField's input is. */
export function EnumSelectField<Value extends string>({ id, label, required, error, values, labels, ...select }: EnumSelectFieldProps<Value>) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <NativeSelect id={id} {...(required ? { "aria-required": true } : {})} {...errorAria(id, error)} {...select}>
        <EnumOptions values={values} labels={labels} />
      </NativeSelect>
    </Field>
  );
}
