import type { RecurringStatus } from "@/shared/rules/recurring";
import type { RecurringAction } from "@/shared/schemas/recurring";

/** What an admin may do with a schedule, as the server allows it: pause an active one, resume a paused one, end either; an ended one stays as it is. */
export function actionsFor(status: RecurringStatus): RecurringAction[] {
  switch (status) {
    case "active":
      return ["pause", "end"];
    case "paused":
      return ["resume", "end"];
    case "ended":
      return [];
  }
}
