import { t } from "@lingui/core/macro";
import { formatNumber } from "@/shared/format";

/** Logged minutes as a reader says them: "1 h 30 min", "2 h", "45 min" (called in render, in the active language). */
export function formatDuration(minutes: number): string {
  const hours = formatNumber(Math.floor(minutes / 60));
  const rest = minutes % 60;
  if (minutes < 60) return t`${rest} min`;
  return rest ? t`${hours} h ${rest} min` : t`${hours} h`;
}
