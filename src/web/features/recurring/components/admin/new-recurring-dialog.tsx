import { useLingui } from "@lingui/react/macro";
import { useForm } from "react-hook-form";
import { DialogFormActions, NewItemDialog, useNewItemForm } from "@/web/components/new-item-dialog";
import { reportFailedSave } from "@/web/lib/form-errors";
import { useCreateRecurringInvoice } from "../../api/use-recurring-writes";
import { localToday } from "../../lib/local-today";
import { RecurringFields, type LinesEditor } from "./recurring-form-fields";
import { emptyRecurringForm, recurringFormResolver, type RecurringFormValues, type RecurringSubmit } from "./recurring-form-values";

/**
 * "New recurring invoice": the template and its schedule in a dialog, checked by the server's
 * schema; a refusal puts the server's messages under the inputs it names. The list shows it next.
 */
export function NewRecurringDialog({ linesEditor }: { linesEditor: LinesEditor }) {
  const { t } = useLingui();
  const create = useCreateRecurringInvoice();
  const form = useForm<RecurringFormValues, unknown, RecurringSubmit>({ resolver: recurringFormResolver, defaultValues: emptyRecurringForm(localToday()) });
  const { open, onOpenChange, onSubmit } = useNewItemForm({
    reset: () => form.reset(emptyRecurringForm(localToday())),
    create: (input: RecurringSubmit) => create.mutateAsync(input),
    created: t`Recurring invoice created`,
    onError: (error) => reportFailedSave(form, error, t`Error creating recurring invoice`),
  });
  return (
    <NewItemDialog trigger={t`New recurring invoice`} title={t`Create recurring invoice`} open={open} onOpenChange={onOpenChange}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <RecurringFields form={form} linesEditor={linesEditor} />
        <DialogFormActions submitLabel={t`Create recurring invoice`} isSubmitting={form.formState.isSubmitting} />
      </form>
    </NewItemDialog>
  );
}
