/** What a count badge shows: the number, or "99+" past 99 (the accessible text keeps the exact count). */
export const badgeNumber = (count: number) => (count > 99 ? "99+" : String(count));

/** The accessible name of something with an unread count: "Notifications, 3 unread", or the name alone. */
export const withUnread = (name: string, count: number) => (count > 0 ? `${name}, ${count} unread` : name);
