import { File, FileSpreadsheet, FileText } from "lucide-react";

/** The icon beside a file that is not shown as a thumbnail: sheets, documents, anything else. */
export function FileTypeIcon({ type }: { type: string }) {
  const Icon = /sheet|excel|csv/.test(type) ? FileSpreadsheet : /pdf|text|word/.test(type) ? FileText : File;
  // The box of a thumbnail, so names line up whether a file has one or not.
  return <Icon className="h-12 w-12 shrink-0 p-2 text-muted-foreground" aria-hidden />;
}
