import { Trans, useLingui } from "@lingui/react/macro";
import { FileText, Trash2 } from "lucide-react";
import type { Invoice } from "@/shared/schemas/invoice";
import { Button } from "@/web/components/ui/button";
import { FilePicker, formatFileSize } from "@/web/features/files";
import { errorMessage } from "@/web/lib/api";
import { toast } from "@/web/lib/toast";
import { useInvoicePdf } from "../../api/use-invoice-pdf";
import { invoicePdfHref } from "../../lib/invoice-pdf-href";

/** The picker asks for PDFs; the server checks the bytes. */
const pdfAccept = "application/pdf,.pdf";

interface InvoicePdfFieldProps {
  /** The invoice being edited; none in the create dialog. */
  invoice?: Invoice;
  /** The PDF chosen to upload when the form is saved. */
  file: File[];
  onChange: (file: File[]) => void;
  disabled: boolean;
}

/**
 * The invoice's PDF stored in Portico: what is stored (with Remove), and a PDF to upload, by
 * picking or dropping, when the form is saved; a new one replaces the stored one. It is served
 * before the external PDF URL, which stays as saved.
 */
export function InvoicePdfField({ invoice, file, onChange, disabled }: InvoicePdfFieldProps) {
  const { t } = useLingui();
  const { remove } = useInvoicePdf();
  const stored = invoice?.pdf;

  const onRemove = async () => {
    if (!invoice || !stored) return;
    const fileName = stored.name;
    const invoiceNumber = invoice.invoiceNumber;
    if (!window.confirm(t`Remove ${fileName} from invoice ${invoiceNumber}?`)) return;
    try {
      await remove.mutateAsync(invoice.id);
      toast.success(t`PDF removed`);
    } catch (error) {
      toast.error(errorMessage(error, t`Error removing PDF`));
    }
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">
        <Trans>PDF file</Trans>
      </legend>
      {invoice && stored ? (
        <div className="flex items-center gap-2 text-sm">
          <FileText className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden />
          <a href={invoicePdfHref(invoice.id)} target="_blank" rel="noopener noreferrer" className="min-w-0 truncate text-primary hover:underline max-sm:py-3">
            {stored.name}
          </a>
          <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(stored.size)}</span>
          <Button variant="ghost" size="sm" className="ml-auto" disabled={disabled || remove.isPending} onClick={() => void onRemove()}>
            <Trash2 className="h-4 w-4" aria-hidden />
            <Trans>Remove PDF</Trans>
          </Button>
        </div>
      ) : null}
      <FilePicker files={file} onChange={onChange} single accept={pdfAccept} label={stored ? t`Replace PDF` : t`Choose PDF`} disabled={disabled} />
      <p className="text-xs text-muted-foreground">
        <Trans>When both are set, customers download the stored PDF, not the PDF URL.</Trans>
      </p>
    </fieldset>
  );
}
