import { useState, type FormEvent } from "react";
import { ApiError, errorMessage } from "./api";
import { toast } from "./toast";

/** The first message of each field that failed its check. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;
/** A form's values checked: the output to send, or a message per failing field. */
export type Checked<Field extends string, Output> = { ok: true; value: Output } | { ok: false; errors: FieldErrors<Field> };

/** The first failing rule's message, in the order the server's schema checks them; undefined when all pass. */
export const firstFailing = (rules: Array<[failed: boolean, message: string]>) => rules.find(([failed]) => failed)?.[1];

/** A hand-written check's verdict: the fields' messages if any failed, else the output. */
export function collect<Field extends string, Output>(errors: FieldErrors<Field>, value: Output): Checked<Field, Output> {
  const failed = Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<Field>;
  return Object.keys(failed).length ? { ok: false, errors: failed } : { ok: true, value };
}

/**
 * The little of react-hook-form the customer's and the sign-in page's forms use, without its
 * 13.5 KiB (ADR 008, amended): inputs are uncontrolled and named after their field; submit
 * validates and shows the first message per field, focusing the first invalid input; after a
 * failed submit, every change re-validates (as react-hook-form's default `reValidateMode:
 * "onChange"`). `check` is a hand-written rule set held to the server's schema by a parity test
 * (auth-rules.ts; company-, ticket- and comment-rules.ts, text-rules.test.ts), so that neither the
 * sign-in page nor any customer screen loads zod. Admin forms keep react-hook-form and zod/mini,
 * loaded with admin code only.
 */
export function useCheckedForm<Field extends string, Output>(fields: readonly Field[], check: (values: Record<Field, string>) => Checked<Field, Output>) {
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return Object.fromEntries(fields.map((field) => [field, String(data.get(field) ?? "")])) as Record<Field, string>;
  };

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (!submitted) return;
    const result = check(read(event.currentTarget));
    setErrors(result.ok ? {} : result.errors);
  };

  /**
   * `onValid` gets the checked values and the form element (to clear it after a save). With
   * `failed`, a request `onValid` makes that fails is reported here: its field messages under the
   * inputs they name, else a toast of the server's message or `failed`.
   */
  const handleSubmit = (onValid: (value: Output, form: HTMLFormElement) => Promise<void>, failed?: string) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    setSubmitted(true);
    const result = check(read(form));
    if (!result.ok) {
      setErrors(result.errors);
      const first = fields.find((field) => result.errors[field]);
      const input = first ? form.elements.namedItem(first) : null;
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(result.value, form);
    } catch (error) {
      if (failed === undefined) throw error;
      if (!showServerErrors(error)) toast.error(errorMessage(error, failed));
    } finally {
      setSubmitting(false);
    }
  };

  /**
   * Puts a refused request's field messages (problem+json `errors`) under the inputs they name, as
   * `showServerFieldErrors` does for the react-hook-form forms; answers whether any input got one.
   */
  const showServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const shown: FieldErrors<Field> = {};
    for (const problem of error.problem?.errors ?? []) {
      const field = fields.find((name) => name === problem.field);
      if (field) shown[field] ??= problem.message;
    }
    setErrors(shown);
    return Object.keys(shown).length > 0;
  };

  return { errors, isSubmitting, onChange, handleSubmit, showServerErrors };
}
