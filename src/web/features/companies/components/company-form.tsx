import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/web/lib/toast";
import type { Company, SaveCompanyProfileResult } from "@/shared/schemas/company";
import { companyProfileInputSchema, type CompanyProfileFormValues, type CompanyProfileInput } from "@/web/lib/schemas/company";
import { Field, InputField } from "@/web/components/ui/field";
import { Input, Textarea } from "@/web/components/ui/input";
import { errorMessage } from "@/web/lib/api";
import { showServerFieldErrors } from "@/web/lib/form-errors";

const toFormValues = (company: Company | null): CompanyProfileFormValues => ({
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
  const form = useForm<CompanyProfileFormValues, unknown, CompanyProfileInput>({
    resolver: zodResolver(companyProfileInputSchema),
    defaultValues: toFormValues(company),
  });
  const { errors, isSubmitting } = form.formState;

  // Someone else saved (an admin, another member) and the company was refetched: show what is
  // stored now, unless this user has unsaved changes of their own.
  useEffect(() => {
    if (company && !form.formState.isDirty) form.reset(toFormValues(company));
  }, [company, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const result = await save(input);
      form.reset(toFormValues(result.company));
      toast.success(result.created ? "Company profile created successfully" : "Company profile updated successfully");
      onSaved?.(result.company);
    } catch (error) {
      showServerFieldErrors(form, error);
      toast.error(errorMessage(error, "Failed to save company profile"));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <InputField id="company-name" label="Company Name" required error={errors.name?.message} autoComplete="organization" {...form.register("name")} />
      </div>
      <Field id="company-contact-name" label="Contact Name" error={errors.contactName?.message}>
        <Input id="company-contact-name" autoComplete="name" aria-invalid={!!errors.contactName} {...form.register("contactName")} />
      </Field>
      <InputField
        id="company-contact-email"
        label="Contact Email"
        error={errors.contactEmail?.message}
        type="email"
        autoComplete="email"
        {...form.register("contactEmail")}
      />
      <Field id="company-phone" label="Phone Number" error={errors.phone?.message}>
        <Input id="company-phone" type="tel" autoComplete="tel" aria-invalid={!!errors.phone} {...form.register("phone")} />
      </Field>
      <div className="sm:col-span-2">
        <Field id="company-address" label="Address" error={errors.address?.message}>
          <Textarea id="company-address" autoComplete="street-address" rows={3} aria-invalid={!!errors.address} {...form.register("address")} />
        </Field>
      </div>
      <div className="sm:col-span-2">{actions(isSubmitting)}</div>
    </form>
  );
}
