import { File, FileSpreadsheet, FileText } from "lucide-react";

/** The icon beside a file that is not shown as a thumbnail: sheets, documents, anything else. */
export function FileTypeIcon({ type }: { type: string }) {
  const Icon = /sheet|excel|csv/.test(type) ? FileSpreadsheet : /pdf|text|word/.test(type) ? FileText : File;
  return <Icon className="h-8 w-8 shrink-0 text-muted-foreground" aria-hidden />;
}
