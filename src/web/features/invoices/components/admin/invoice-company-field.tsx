import { useLingui } from "@lingui/react/macro";
import { Controller } from "react-hook-form";
import { Field } from "@/web/components/ui/field";
import { CompanySelect } from "@/web/features/companies";
import type { InvoiceForm } from "./invoice-form-values";

/** The company billed: chosen when the invoice is created, and changeable while it is a draft. */
export function InvoiceCompanyField({ form, enabled = true }: { form: InvoiceForm; enabled?: boolean }) {
  const { t } = useLingui();
  const error = form.formState.errors.companyId?.message;
  return (
    <Field id="invoice-company" label={t`Company`} required error={error}>
      <Controller
        control={form.control}
        name="companyId"
        render={({ field }) => <CompanySelect id="invoice-company" value={field.value} onChange={field.onChange} onBlur={field.onBlur} invalid={!!error} enabled={enabled} />}
      />
    </Field>
  );
}
