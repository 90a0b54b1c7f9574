import { useLingui } from "@lingui/react";
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { translateKnown } from "@/web/lib/i18n/known-messages";
import { Input, Textarea } from "./input";

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string | undefined;
  children: ReactNode;
}

/**
 * A labelled form control with its validation message, linked for screen readers. The message is
 * often a shared rule's or the server's English: shown in the reader's language when known.
 */
export function Field({ id, label, required, error, children }: FieldProps) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? " *" : null}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {translateKnown(error, i18n)}
        </p>
      ) : null}
    </div>
  );
}

/** The attributes that tie a control to its Field's message: invalid, and described by it. */
export function errorAria(id: string, error: unknown) {
  return { "aria-invalid": !!error, "aria-describedby": error ? `${id}-error` : undefined };
}

interface InputFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: string;
  error?: string | undefined;
}

/** A Field holding one Input; `required` marks the label and sets aria-required. */
export function InputField({ id, label, error, required, ...input }: InputFieldProps) {
  return (
    <Field id={id} label={label} required={required} error={error}>
      <Input id={id} {...(required ? { "aria-required": true } : {})} {...errorAria(id, error)} {...input} />
    </Field>
  );
}

interface TextareaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  id: string;
  label: string;
  error?: string | undefined;
}

/** A Field holding one Textarea, tied to its message as InputField's input is. */
export function TextareaField({ id, label, error, ...textarea }: TextareaFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <Textarea id={id} {...errorAria(id, error)} {...textarea} />
    </Field>
  );
}
