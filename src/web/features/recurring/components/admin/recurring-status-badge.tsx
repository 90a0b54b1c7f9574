import { useLingui } from "@lingui/react/macro";
import type { RecurringStatus } from "@/shared/rules/recurring";
import { Badge, type BadgeTone } from "@/web/components/ui/badge";
import { recurringStatusMessages } from "../../lib/recurring-labels";

const tone: Record<RecurringStatus, BadgeTone> = { active: "green", paused: "yellow", ended: "neutral" };

export function RecurringStatusBadge({ status }: { status: RecurringStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={tone[status]} data-testid="recurring-status">
      {i18n._(recurringStatusMessages[status])}
    </Badge>
  );
}
