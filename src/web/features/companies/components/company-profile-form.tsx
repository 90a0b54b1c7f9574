import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "@/web/lib/toast";
import type { z } from "zod";
import type { Company } from "@/shared/schemas/company";
import { companyProfileInputSchema } from "@/web/lib/schemas/company";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field, InputField } from "@/web/components/ui/field";
import { Input, Textarea } from "@/web/components/ui/input";
import { errorMessage } from "@/web/lib/api";
import { showServerFieldErrors } from "@/web/lib/form-errors";
import { useSaveCompanyProfile } from "../api/use-my-company";

type FormValues = z.input<typeof companyProfileInputSchema>;

const toFormValues = (company: Company | null): FormValues => ({
  name: company?.name ?? "",
  contactName: company?.contactName ?? "",
  contactEmail: company?.contactEmail ?? "",
  phone: company?.phone ?? "",
  address: company?.address ?? "",
});

/** Creates the company profile when there is none, otherwise updates it (D3). */
export function CompanyProfileForm({ company }: { company: Company | null }) {
  const save = useSaveCompanyProfile();
  const form = useForm<FormValues, unknown, z.output<typeof companyProfileInputSchema>>({
    resolver: zodResolver(companyProfileInputSchema),
    defaultValues: toFormValues(company),
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const result = await save.mutateAsync(input);
      form.reset(toFormValues(result.company));
      toast.success(result.created ? "Company profile created successfully" : "Company profile updated successfully");
    } catch (error) {
      showServerFieldErrors(form, error);
      toast.error(errorMessage(error, "Failed to save company profile"));
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Company Information</CardTitle>
        <CardDescription>
          {company ? "Keep your company's details up to date." : "Create your company profile to get started."}
        </CardDescription>
      </CardHeader>
      <CardContent>
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
          <div className="sm:col-span-2">
            <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
              {isSubmitting ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
