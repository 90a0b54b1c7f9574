import { useLingui } from "@lingui/react/macro";
import type { QuoteStatus } from "@/shared/rules/quote";
import { Badge, type BadgeTone } from "@/web/components/ui/badge";
import { quoteStatusMessages } from "../lib/quote-labels";

const tone: Record<QuoteStatus, BadgeTone> = { draft: "neutral", sent: "blue", accepted: "green", declined: "red", expired: "yellow" };

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { i18n } = useLingui();
  return <Badge tone={tone[status]}>{i18n._(quoteStatusMessages[status])}</Badge>;
}
