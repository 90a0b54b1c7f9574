import { t } from "@lingui/core/macro";

/** What a count badge shows: the number, or "99+" past 99 (the accessible text keeps the exact count). */
export const badgeNumber = (count: number) => (count > 99 ? "99+" : String(count));

/**
 * The accessible name of something with an unread count: "Notifications, 3 unread", or the name
 * alone. `name` is already in the reader's language; the sentence is worded at call time.
 */
export const withUnread = (name: string, count: number) => (count > 0 ? t`${name}, ${count} unread` : name);
