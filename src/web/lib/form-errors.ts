import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, shownProblemDetail } from "./api";
import { toast } from "./toast";

export interface ServerCheckedForm<Values extends FieldValues> {
  getValues: () => Values;
  setError: UseFormSetError<Values>;
}

/**
 * Shows the messages of a refused request (problem+json `errors`, DESIGN D10) under the inputs
 * they name. The form checks the same rules first, so these are the ones only the server can
 * judge: a duplicate invoice number, a project of another company. Names the form has no input
 * for are left to the toast.
 */
export function showServerFieldErrors<Values extends FieldValues>(form: ServerCheckedForm<Values>, error: unknown) {
  if (!(error instanceof ApiError)) return;
  const fields = Object.keys(form.getValues()) as Path<Values>[];
  for (const problem of error.problem?.errors ?? []) {
    const field = fields.find((name) => name === problem.field);
    if (field) form.setError(field, { message: problem.message });
  }
}

/**
 * An admin form's failed save: logged, the server's field messages under the inputs, and a toast
 * titled `message` that carries the server's detail when it gave one the reader can read (in
 * another language than English, only a known message, translated).
 */
export function reportFailedSave<Values extends FieldValues>(form: ServerCheckedForm<Values>, error: unknown, message: string) {
  console.error(message, error);
  showServerFieldErrors(form, error);
  const detail = shownProblemDetail(error);
  toast.error(message, detail ? { description: detail } : undefined);
}
