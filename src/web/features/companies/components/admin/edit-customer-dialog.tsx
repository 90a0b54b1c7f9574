import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { Company } from "@/shared/schemas/company";
import { EditItemDialog } from "@/web/components/edit-item-dialog";
import { DialogFormActions } from "@/web/components/new-item-dialog";
import { useUpdateCompany } from "../../api/use-company";
import { CompanyForm } from "../company-form";

/** Admin edit of a customer's company profile, with the checks and toasts of the customer's own form. */
export function EditCustomerDialog({ company }: { company: Company }) {
  const [open, setOpen] = useState(false);
  const updateCompany = useUpdateCompany(company.id);
  const { t } = useLingui();

  // One Edit button on the customer's page, under its name: "Edit customer" says enough.
  return (
    <EditItemDialog title={t`Edit Customer`} itemName={t`customer`} open={open} onOpenChange={setOpen}>
      <CompanyForm
        company={company}
        save={async (input) => ({ created: false, company: await updateCompany.mutateAsync(input) })}
        onSaved={() => setOpen(false)}
        actions={(isSubmitting) => <DialogFormActions submitLabel={t`Save Changes`} workingLabel={t`Saving...`} isSubmitting={isSubmitting} />}
      />
    </EditItemDialog>
  );
}
