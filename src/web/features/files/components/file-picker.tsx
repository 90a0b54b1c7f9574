import { Trans, useLingui } from "@lingui/react/macro";
import { Paperclip, X } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import { fileAccept } from "@/shared/rules/file";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { formatFileSize } from "../lib/file-size";

interface FilePickerProps {
  /** The chosen files, not sent yet; the form that owns them uploads them. */
  files: File[];
  onChange: (files: File[]) => void;
  /** The button's text: "Attach files", "Choose PDF". */
  label?: string;
  /** One file only (an invoice's PDF): a new choice replaces the old one. */
  single?: boolean;
  /** Overrides the allow-list hint for the picker (the PDF picker asks for PDFs). */
  accept?: string;
  disabled?: boolean;
  /** Button and chosen files only, without the drop hint: for a chat box. */
  compact?: boolean;
}

/**
 * Choose files with a real button (the hidden input is opened by it, so the keyboard works as
 * for any button) or drop them on the area. Chosen files are listed before sending, each with a
 * way to take it back. The type list is a hint to the browser's picker: the server decides.
 */
export function FilePicker({ files, onChange, label, single, accept = fileAccept, disabled, compact }: FilePickerProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);

  const add = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (chosen.length) onChange(single ? chosen.slice(0, 1) : [...files, ...chosen]);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) add(event.dataTransfer.files);
  };

  const onDragOver = (event: DragEvent) => {
    // Without preventDefault the browser would open the dropped file instead of handing it over.
    event.preventDefault();
    if (!disabled) setOver(true);
  };

  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn("space-y-2", !compact && "rounded-md border border-dashed border-border p-3", over && "border-primary bg-muted")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" disabled={disabled} aria-describedby={compact ? undefined : hintId} onClick={() => input.current?.click()}>
          <Paperclip className="h-4 w-4" aria-hidden />
          {label ?? t`Attach files`}
        </Button>
        {compact ? null : (
          <span id={hintId} className="text-xs text-muted-foreground">
            {single ? <Trans>or drop a file here</Trans> : <Trans>or drop files here</Trans>}
          </span>
        )}
        <input
          ref={input}
          type="file"
          hidden
          multiple={!single}
          accept={accept}
          onChange={(event) => {
            add(event.target.files);
            // The same file can be chosen again after it was removed from the list.
            event.target.value = "";
          }}
        />
      </div>
      {files.length ? (
        <ul aria-label={single ? t`Chosen file` : t`Files to attach`} className="space-y-1 text-sm">
          {files.map((file, index) => {
            const fileName = file.name;
            return (
              <li key={`${file.name}-${index}`} className="flex items-center gap-2">
                <span className="min-w-0 truncate">{file.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
                <Button variant="ghost" size="sm" className="h-6 px-1" disabled={disabled} onClick={() => onChange(files.filter((_, at) => at !== index))}>
                  <X className="h-4 w-4" aria-hidden />
                  <span className="sr-only">
                    <Trans>Remove {fileName}</Trans>
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
