/**
 * The two-person rule's question (REQUIRE_ACCESS_REASON, ADR 050), for lib/api.ts: a staff read
 * the server answers 428 `access_reason_required` is asked again with the reason the admin area's
 * dialog collects. Reads refused at once (a detail page's queries) share the one question.
 */
type Asker = () => Promise<string | null>;

let asker: Asker | null = null;
let asking: Promise<string | null> | null = null;

/** The admin area's dialog registers itself; without one (the customer area) a 428 stays an error. */
export function setAccessReasonAsker(ask: Asker | null): void {
  asker = ask;
}

/** The reason to send, or null when there is no dialog or the admin cancelled. */
export function askAccessReason(): Promise<string | null> {
  if (!asker) return Promise.resolve(null);
  asking ??= asker().finally(() => {
    asking = null;
  });
  return asking;
}
