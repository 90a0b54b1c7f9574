import { getFormatLocale } from "@/shared/format";

const units = ["KB", "MB", "GB"];

/**
 * A byte count as people read it: "512 B", "12 KB", "1.4 MB" (1 KB = 1024 bytes, as file managers
 * mostly show), in the reader's decimal mark ("1,4 MB") and never grouped.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal while it says something (1.4 MB), none once the number is long enough (240 KB).
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown.toLocaleString(getFormatLocale(), { useGrouping: false })} ${units[unit]}`;
}
