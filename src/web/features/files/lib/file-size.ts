import { t } from "@lingui/core/macro";
import { getFormatLocale } from "@/shared/format";

/** Each unit's message: the unit's abbreviation is the language's (French writes Ko). */
const inUnit = [(size: string) => t`${size} KB`, (size: string) => t`${size} MB`, (size: string) => t`${size} GB`];

/**
 * A byte count as people read it: "512 B", "12 KB", "1.4 MB" (1 KB = 1024 bytes, as file managers
 * mostly show), in the reader's decimal mark ("1,4 MB") and never grouped.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) {
    const size = String(bytes);
    return t`${size} B`;
  }
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < inUnit.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal while it says something (1.4 MB), none once the number is long enough (240 KB).
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return inUnit[unit]!(shown.toLocaleString(getFormatLocale(), { useGrouping: false }));
}
