import { useLingui } from "@lingui/react/macro";
import { useState, type FormEvent, type ReactNode } from "react";
import { toast } from "@/web/lib/toast";
import type { Company, CompanyProfileInput, SaveCompanyProfileResult } from "@/shared/schemas/company";
import { Field, InputField } from "@/web/components/ui/field";
import { Input, Textarea } from "@/web/components/ui/input";
import { errorMessage } from "@/web/lib/api";
import { useCheckedForm } from "@/web/lib/use-checked-form";
import { checkCompanyProfile, companyProfileFields, type CompanyProfileValues } from "../lib/company-rules";

const toFormValues = (company: Company | null): CompanyProfileValues => ({
  name: company?.name ?? "",
  contactName: company?.contactName ?? "",
  contactEmail: company?.contactEmail ?? "",
  phone: company?.phone ?? "",
  address: company?.address ?? "",
});

interface CompanyFormProps {
  /** The company as stored, or null for a new one. */
  company: Company | null;
  /** Stores the checked input; `created` picks the toast. */
  save: (input: CompanyProfileInput) => Promise<SaveCompanyProfileResult>;
  onSaved?: (company: Company) => void;
  /** The submit row, given whether a save is under way. */
  actions: (isSubmitting: boolean) => ReactNode;
}

/**
 * The company profile's fields, checks and toasts: the customer's own Company page and the admin's
 * New Customer and Edit dialogs use this one form, so both sides judge a profile alike.
 */
export function CompanyForm({ company, save, onSaved, actions }: CompanyFormProps) {
  const form = useCheckedForm(companyProfileFields, checkCompanyProfile);
  const { errors } = form;
  const { t } = useLingui();
  // What the inputs start from: the company as stored when the form last took it in.
  const [shown, setShown] = useState(company);
  const [dirty, setDirty] = useState(false);
  // Someone else saved (an admin, another member) and the company was refetched: show what is
  // stored now, unless this user has unsaved changes of their own. The inputs are uncontrolled:
  // a new `key` below starts them again from the new values.
  if (company !== shown && company && !dirty) setShown(company);
  const values = toFormValues(shown);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const result = await save(input);
      setShown(result.company);
      setDirty(false);
      toast.success(result.created ? t`Company profile created successfully` : t`Company profile updated successfully`);
      onSaved?.(result.company);
    } catch (error) {
      form.showServerErrors(error);
      toast.error(errorMessage(error, t`Failed to save company profile`));
    }
  });

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    setDirty(true);
    form.onChange(event);
  };

  return (
    <form key={shown?.updatedAt ?? "new"} noValidate onSubmit={(event) => void onSubmit(event)} onChange={onChange} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <InputField id="company-name" name="name" label={t`Company Name`} required error={errors.name} autoComplete="organization" defaultValue={values.name} />
      </div>
      <Field id="company-contact-name" label={t`Contact Name`} error={errors.contactName}>
        <Input id="company-contact-name" name="contactName" autoComplete="name" aria-invalid={!!errors.contactName} defaultValue={values.contactName} />
      </Field>
      <InputField id="company-contact-email" name="contactEmail" label={t`Contact Email`} error={errors.contactEmail} type="email" autoComplete="email" defaultValue={values.contactEmail} />
      <Field id="company-phone" label={t`Phone Number`} error={errors.phone}>
        <Input id="company-phone" name="phone" type="tel" autoComplete="tel" aria-invalid={!!errors.phone} defaultValue={values.phone} />
      </Field>
      <div className="sm:col-span-2">
        <Field id="company-address" label={t`Address`} error={errors.address}>
          <Textarea id="company-address" name="address" autoComplete="street-address" rows={3} aria-invalid={!!errors.address} defaultValue={values.address} />
        </Field>
      </div>
      <div className="sm:col-span-2">{actions(form.isSubmitting)}</div>
    </form>
  );
}
