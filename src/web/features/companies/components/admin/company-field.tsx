import { useLingui } from "@lingui/react/macro";
import { useController, type Control, type FieldPath, type FieldValues } from "react-hook-form";
import { Field } from "@/web/components/ui/field";
import { CompanySelect } from "./company-select";

/** A react-hook-form whose values hold the chosen company as `companyId`. */
type WithCompany = FieldValues & { companyId: string };

interface CompanyFieldProps<Values extends WithCompany, Submit> {
  /** Id of the select, for its label ("invoice-company"). */
  id: string;
  control: Control<Values, unknown, Submit>;
  /** Load the companies only while visible (a closed dialog asks for nothing). */
  enabled?: boolean;
}

/**
 * The required "Company" of an admin's create and edit forms (invoice, quote, recurring invoice):
 * the company picker bound to the form's `companyId`, with its first error under it.
 */
export function CompanyField<Values extends WithCompany, Submit>({ id, control, enabled = true }: CompanyFieldProps<Values, Submit>) {
  const { t } = useLingui();
  const { field, fieldState } = useController({ control, name: "companyId" as FieldPath<Values> });
  const error = fieldState.error?.message;
  return (
    <Field id={id} label={t`Company`} required error={error}>
      <CompanySelect id={id} value={field.value} onChange={field.onChange} onBlur={field.onBlur} invalid={!!error} enabled={enabled} />
    </Field>
  );
}
