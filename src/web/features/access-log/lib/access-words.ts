import { useLingui } from "@lingui/react/macro";
import type { AccessKind, AccessRecordType } from "@/shared/rules/access-log";

/** The record types in the reader's language. */
export function useAccessRecordWords(): Record<AccessRecordType, string> {
  const { t } = useLingui();
  return { ticket: t`Ticket`, project: t`Project`, invoice: t`Invoice`, file: t`File`, conversation: t`Messages` };
}

/** What kind of access, in the reader's language. */
export function useAccessKindWords(): Record<AccessKind, string> {
  const { t } = useLingui();
  return { read: t`Read`, change: t`Changed` };
}
