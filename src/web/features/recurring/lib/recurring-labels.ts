import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RecurringFrequency, RecurringStatus } from "@/shared/rules/recurring";

/** A schedule's status in the reader's language. */
export const recurringStatusMessages: Record<RecurringStatus, MessageDescriptor> = {
  active: msg({ message: "Active", context: "recurring invoice status" }),
  paused: msg({ message: "Paused", context: "recurring invoice status" }),
  ended: msg({ message: "Ended", context: "recurring invoice status" }),
};

/** The frequency select's choices. */
export const recurringFrequencyMessages: Record<RecurringFrequency, MessageDescriptor> = {
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  yearly: msg`Yearly`,
};
