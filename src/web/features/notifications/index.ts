/** What other features and the layout may use of notifications. */
export { NotificationBell } from "./components/notification-bell";
export { useUnreadCounts } from "./api/use-unread-counts";
export { markReadQuietly, useReadOnVisit } from "./api/use-mark-read";
export { badgeNumber, withUnread } from "./lib/unread-text";
