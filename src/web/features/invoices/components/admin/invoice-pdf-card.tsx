import { Trans, useLingui } from "@lingui/react/macro";
import { Upload } from "lucide-react";
import { useState } from "react";
import { Button } from "@/web/components/ui/button";
import { TitledCard } from "@/web/components/ui/card";
import { uploadErrorText } from "@/web/features/files";
import { toast } from "@/web/lib/toast";
import { useInvoicePdf } from "../../api/use-invoice-pdf";
import type { InvoiceDetail } from "../invoice-lines-table";
import { InvoicePdfField } from "./invoice-pdf-field";
import { InvoicePdfLink } from "./invoice-pdf-link";

/**
 * The invoice's PDF: the one customers download (a stored upload, else the external URL, else the
 * one Portico generates when the invoice is issued), or for a draft a preview rendered on request
 * and never stored. An uploaded PDF replaces the generated one.
 */
export function InvoicePdfCard({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  const { upload } = useInvoicePdf();
  const [file, setFile] = useState<File[]>([]);
  const draft = invoice.status === "draft";

  const onUpload = async () => {
    const [chosen] = file;
    if (!chosen) return;
    try {
      await upload.mutateAsync({ id: invoice.id, file: chosen });
      setFile([]);
      toast.success(t`PDF uploaded`);
    } catch (error) {
      console.error("Error uploading invoice PDF", error);
      const reason = uploadErrorText(error);
      toast.error(t`The PDF was not uploaded: ${reason}`);
    }
  };

  return (
    <TitledCard title={t`PDF`} contentClassName="space-y-4">
      <InvoicePdfLink invoice={invoice} verb="download" />
      {draft ? (
        <p className="text-xs text-muted-foreground">
          <Trans>A draft's PDF is a preview: the customer's copy is made when the invoice is issued.</Trans>
        </p>
      ) : null}
      <InvoicePdfField invoice={invoice} file={file} onChange={setFile} disabled={upload.isPending} />
      {file.length > 0 ? (
        <Button size="sm" disabled={upload.isPending} onClick={() => void onUpload()}>
          <Upload className="h-4 w-4" aria-hidden />
          {upload.isPending ? <Trans>Uploading...</Trans> : <Trans>Upload PDF</Trans>}
        </Button>
      ) : null}
    </TitledCard>
  );
}
