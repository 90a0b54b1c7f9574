import { Trans, useLingui } from "@lingui/react/macro";
import { Clock } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { timeEntryMessages } from "@/shared/rules/time-entry";
import { DialogFormActions } from "@/web/components/new-item-dialog";
import { Button } from "@/web/components/ui/button";
import { DialogWithTrigger } from "@/web/components/ui/dialog-with-trigger";
import { InputField } from "@/web/components/ui/field";
import type { ApiBody } from "@/web/lib/api-types";
import { toast } from "@/web/lib/toast";
import { collect, useCheckedForm, type Checked } from "@/web/lib/use-checked-form";
import { useInvoiceTime } from "../../api/use-time-entries";
import { localToday } from "../../lib/local-today";

const fields = ["from", "to", "issue"] as const;
type Field = (typeof fields)[number];
type InvoiceTimeInput = ApiBody<"post", "/invoices/from-time">;

/** A period's end is needed and cannot come before its start; that there is time in it to bill is the server's to say (409, under "To"). */
const checkPeriod =
  (companyId: string) =>
  ({ from, to, issue }: Record<Field, string>): Checked<Field, InvoiceTimeInput> =>
    collect(
      { to: !to ? timeEntryMessages.workDate : from && from > to ? timeEntryMessages.period : undefined },
      { companyId, to, ...(from ? { from } : {}), status: issue ? "unpaid" : "draft" },
    );

/** Mounted with the dialog's content, so each opening starts from today. */
function InvoiceTimeForm({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const invoice = useInvoiceTime();
  const form = useCheckedForm(fields, checkPeriod(companyId));
  const { errors } = form;
  const onSubmit = form.handleSubmit(async (input) => {
    const created = await invoice.mutateAsync(input);
    const number = created.invoiceNumber;
    toast.success(t`Invoice ${number} created`);
    void navigate(`/admin/invoices/${created.id}`);
  }, t`Error invoicing time`);
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} onChange={form.onChange} className="space-y-4">
      <InputField id="invoice-time-from" name="from" type="date" label={t`From`} error={errors.from} />
      <InputField id="invoice-time-to" name="to" type="date" label={t`To`} required defaultValue={localToday()} error={errors.to} />
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="issue" className="h-4 w-4 accent-primary" />
        <Trans>Issue at once</Trans>
      </label>
      <DialogFormActions submitLabel={t`Create invoice`} isSubmitting={form.isSubmitting} />
    </form>
  );
}

/** "Invoice unbilled time": the company's billable time of a period not yet on an invoice, as one invoice (ADR 047). */
export function InvoiceTimeDialog({ companyId }: { companyId: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <DialogWithTrigger
      trigger={
        <Button variant="outline">
          <Clock className="h-4 w-4" aria-hidden />
          <Trans>Invoice unbilled time</Trans>
        </Button>
      }
      title={t`Invoice unbilled time`}
      description={t`Every billable entry of the period not yet on an invoice becomes a line per project and rate. Without a start date, everything unbilled up to the end date. The invoice is a draft to look over unless issued at once.`}
      open={open}
      onOpenChange={setOpen}
    >
      <InvoiceTimeForm companyId={companyId} />
    </DialogWithTrigger>
  );
}
