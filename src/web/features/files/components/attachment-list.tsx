import { Trans, useLingui } from "@lingui/react/macro";
import type { QueryKey } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { isImageFileType, isInlineFileType } from "@/shared/rules/file";
import type { StoredFile } from "@/shared/schemas/file";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { useMe } from "@/web/lib/session";
import { toast } from "@/web/lib/toast";
import { useDeleteFile } from "../api/use-delete-file";
import { fileHref } from "../lib/file-href";
import { formatFileSize } from "../lib/file-size";
import { FileTypeIcon } from "./file-type-icon";

interface AttachmentListProps {
  files: StoredFile[];
  /** The query that lists these files, refetched after a delete. */
  owner: QueryKey;
  /** Shown when there are none; nothing at all when left out (a comment without files). */
  empty?: string;
}

/**
 * Attachments as both roles see them: name, size and a type icon (images as thumbnails), each a
 * link to its bytes. The uploader or an admin may delete one, after confirming.
 */
export function AttachmentList({ files, owner, empty }: AttachmentListProps) {
  const { t } = useLingui();
  const me = useMe().data;
  const remove = useDeleteFile(owner);

  if (files.length === 0) return empty ? <p className="text-sm text-muted-foreground">{empty}</p> : null;

  const onDelete = async (file: StoredFile) => {
    // The browser's own dialog: keyboard and screen-reader ready, and no bytes for the customer bundle.
    const fileName = file.name;
    if (!window.confirm(t`Delete ${fileName}?`)) return;
    try {
      await remove.mutateAsync(file.id);
      toast.success(t`File deleted`);
    } catch (error) {
      toast.error(errorMessage(error, t`Failed to delete file`));
    }
  };

  return (
    <ul aria-label={t`Attachments`} className="mt-2 space-y-2">
      {files.map((file) => {
        const fileName = file.name;
        return (
          <li key={file.id} className="flex items-center gap-3 text-sm">
            <a
              href={fileHref(file.id)}
              // Images open in the browser, in a tab of their own; other types, PDFs too, download.
              {...(isInlineFileType(file.contentType) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className="flex min-w-0 items-center gap-3 hover:underline"
            >
              {isImageFileType(file.contentType) ? (
                <img src={fileHref(file.id)} loading="lazy" alt="" className="h-12 w-12 shrink-0 rounded border border-border object-cover" />
              ) : (
                <FileTypeIcon type={file.contentType} />
              )}
              <span className="min-w-0 truncate font-medium">{file.name}</span>
            </a>
            <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
            {me && (me.role === "admin" || file.uploadedBy?.id === me.id) ? (
              <Button variant="ghost" size="sm" className="ml-auto h-7 px-2" disabled={remove.isPending} onClick={() => void onDelete(file)}>
                <Trash2 className="h-4 w-4" aria-hidden />
                <span className="sr-only">
                  <Trans>Delete {fileName}</Trans>
                </span>
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
