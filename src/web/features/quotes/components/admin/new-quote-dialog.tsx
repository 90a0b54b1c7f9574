import { useLingui } from "@lingui/react/macro";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { DialogFormActions, NewItemDialog, useNewItemForm } from "@/web/components/new-item-dialog";
import { reportFailedSave } from "@/web/lib/form-errors";
import { useCreateQuote } from "../../api/use-quote-writes";
import { localToday } from "../../lib/quote-rules";
import { QuoteFields, type LinesEditor } from "./quote-form-fields";
import { emptyQuoteForm, quoteFormResolver, type QuoteFormValues, type QuoteSubmit } from "./quote-form-values";

const resolver = quoteFormResolver(localToday);

/** "New Quote": the form in a dialog; the server numbers the quote (Q-0001…), whose page opens next, to review and send it. */
export function NewQuoteDialog({ linesEditor }: { linesEditor: LinesEditor }) {
  const { t } = useLingui();
  const create = useCreateQuote();
  const navigate = useNavigate();
  const form = useForm<QuoteFormValues, unknown, QuoteSubmit>({ resolver, defaultValues: emptyQuoteForm(localToday()) });
  const { open, onOpenChange, onSubmit } = useNewItemForm({
    reset: () => form.reset(emptyQuoteForm(localToday())),
    create: async (input: QuoteSubmit) => {
      const quote = await create.mutateAsync(input);
      void navigate(`/admin/quotes/${quote.id}`);
    },
    created: t`Quote created as a draft`,
    onError: (error) => reportFailedSave(form, error, t`Error creating quote`),
  });
  return (
    <NewItemDialog trigger={t`New Quote`} title={t`Create New Quote`} open={open} onOpenChange={onOpenChange}>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
        <QuoteFields form={form} linesEditor={linesEditor} />
        <DialogFormActions submitLabel={t`Create Quote`} isSubmitting={form.formState.isSubmitting} />
      </form>
    </NewItemDialog>
  );
}
