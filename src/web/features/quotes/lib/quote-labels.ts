import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { QuoteStatus } from "@/shared/rules/quote";

/** A quote's status in the reader's language. */
export const quoteStatusMessages: Record<QuoteStatus, MessageDescriptor> = {
  draft: msg`Draft`,
  sent: msg({ message: "Sent", context: "quote status" }),
  accepted: msg`Accepted`,
  declined: msg`Declined`,
  expired: msg`Expired`,
};
