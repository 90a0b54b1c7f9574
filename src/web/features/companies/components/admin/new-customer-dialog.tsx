import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate } from "react-router";
import { DialogFormActions, NewItemDialog } from "@/web/components/new-item-dialog";
import { useCreateOnArrival } from "@/web/lib/create-on-arrival";
import { useCreateCompany } from "../../api/use-company";
import { CompanyForm } from "../company-form";

/** Admin "New Customer": the company profile form; the new customer's page opens once it is saved. */
export function NewCustomerDialog() {
  const [open, setOpen] = useState(false);
  const createCompany = useCreateCompany();
  const navigate = useNavigate();
  const { t } = useLingui();
  useCreateOnArrival("customer", () => setOpen(true));

  return (
    <NewItemDialog trigger={t`New Customer`} title={t`New Customer`} description={t`Add a customer company and its contact details.`} open={open} onOpenChange={setOpen}>
      <CompanyForm
        company={null}
        save={async (input) => ({ created: true, company: await createCompany.mutateAsync(input) })}
        onSaved={(company) => {
          setOpen(false);
          void navigate(`/admin/customers/${company.id}`);
        }}
        actions={(isSubmitting) => <DialogFormActions submitLabel={t`Create Customer`} isSubmitting={isSubmitting} />}
      />
    </NewItemDialog>
  );
}
