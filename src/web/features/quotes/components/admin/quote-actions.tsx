import { Trans, useLingui } from "@lingui/react/macro";
import { Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ConfirmDialog } from "@/web/components/confirm-dialog";
import { EditItemDialog } from "@/web/components/edit-item-dialog";
import { DialogFormActions } from "@/web/components/new-item-dialog";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { reportFailedSave } from "@/web/lib/form-errors";
import { toast } from "@/web/lib/toast";
import { useDeleteQuote, useSendQuote, useUpdateQuote } from "../../api/use-quote-writes";
import { localToday } from "../../lib/quote-rules";
import { QuotePdfLink } from "../quote-answer";
import type { QuoteDetail } from "../quote-body";
import { QuoteFields, type LinesEditor } from "./quote-form-fields";
import { quoteFormResolver, quoteFormValuesOf, type QuoteFormValues, type QuoteSubmit } from "./quote-form-values";

const resolver = quoteFormResolver(localToday);

/** Mounted with each opening, so it starts from the draft as stored; every field is sent. */
function EditQuoteForm({ quote, linesEditor, onSaved }: { quote: QuoteDetail; linesEditor: LinesEditor; onSaved: () => void }) {
  const { t } = useLingui();
  const update = useUpdateQuote();
  const form = useForm<QuoteFormValues, unknown, QuoteSubmit>({ resolver, defaultValues: quoteFormValuesOf(quote) });
  const onSubmit = async (input: QuoteSubmit) => {
    try {
      await update.mutateAsync({ id: quote.id, input });
      toast.success(t`Quote updated`);
      onSaved();
    } catch (error) {
      reportFailedSave(form, error, t`Error updating quote`);
    }
  };
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <QuoteFields form={form} currency={quote.currency} linesEditor={linesEditor} />
      <DialogFormActions submitLabel={t`Save draft`} workingLabel={t`Saving...`} isSubmitting={form.formState.isSubmitting} />
    </form>
  );
}

function EditQuoteDialog({ quote, linesEditor }: { quote: QuoteDetail; linesEditor: LinesEditor }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const quoteNumber = quote.quoteNumber;
  return (
    <EditItemDialog title={t`Edit Quote ${quoteNumber}`} itemName={t`quote ${quoteNumber}`} open={open} onOpenChange={setOpen}>
      <EditQuoteForm quote={quote} linesEditor={linesEditor} onSaved={() => setOpen(false)} />
    </EditItemDialog>
  );
}

/** The PDF, and while it is a draft: Edit, Send (confirmed: the customer sees it at once) and Delete (confirmed). */
export function QuoteActions({ quote, linesEditor }: { quote: QuoteDetail; linesEditor: LinesEditor }) {
  const { t } = useLingui();
  const send = useSendQuote();
  const remove = useDeleteQuote();
  const navigate = useNavigate();
  const quoteNumber = quote.quoteNumber;
  const company = quote.company.name;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t`Quote actions`}>
      <QuotePdfLink quote={quote} />
      {quote.status === "draft" ? (
        <>
          <EditQuoteDialog quote={quote} linesEditor={linesEditor} />
          <ConfirmDialog
            trigger={
              <Button size="sm">
                <Send className="h-4 w-4" aria-hidden />
                <Trans>Send</Trans>
              </Button>
            }
            title={t`Send quote ${quoteNumber}?`}
            description={t`${company} can then read, accept or decline it. A sent quote no longer changes.`}
            confirmLabel={t`Send quote`}
            workingLabel={t`Sending...`}
            failureText={(error) => errorMessage(error, t`Error sending quote`)}
            onConfirm={async () => {
              await send.mutateAsync(quote.id);
              toast.success(t`Quote ${quoteNumber} sent`);
            }}
          />
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm">
                <Trash2 className="h-4 w-4" aria-hidden />
                <Trans>Delete draft</Trans>
              </Button>
            }
            destructive
            title={t`Delete draft ${quoteNumber}?`}
            description={t`The draft and its lines are deleted for good. The customer never saw it.`}
            confirmLabel={t`Delete draft`}
            workingLabel={t`Deleting...`}
            failureText={(error) => errorMessage(error, t`Error deleting quote`)}
            onConfirm={async () => {
              await remove.mutateAsync(quote.id);
              toast.success(t`Draft ${quoteNumber} deleted`);
              void navigate("/admin/quotes");
            }}
          />
        </>
      ) : null}
    </div>
  );
}
