import {
  markNotificationsReadResultSchema,
  markNotificationsReadSchema,
  notificationPageSchema,
  notificationQuerySchema,
  unreadCountsSchema,
} from "@/shared/schemas/notification";
import { createRouter } from "../../http/context";
import { jsonBody, jsonContent, sessionRoutes } from "../../http/openapi";
import {
  listNotifications,
  markNotificationsRead,
  unreadCounts,
} from "./notifications.service";

const route = sessionRoutes("Notifications");

const list = route.get(
  "/",
  "listNotifications",
  "The caller's notifications, newest first",
  [400, 401],
  {
    description:
      "Pass the answer's `nextCursor` as `cursor` for the next (older) page; it is null on the last one. `unread=true` lists only the unread. " +
      "A customer reads their present company's notifications only.",
    request: { query: notificationQuerySchema },
    responses: {
      200: jsonContent(notificationPageSchema, "A page of notifications"),
    },
  },
);

const unread = route.get(
  "/unread",
  "countUnreadNotifications",
  "Unread notifications (all, and by nav item) and unread chat messages",
  [401],
  {
    responses: { 200: jsonContent(unreadCountsSchema, "The counts") },
  },
);

const markRead = route.post(
  "/read",
  "markNotificationsRead",
  "Mark the caller's notifications read: some, all about one record, or all",
  [400, 401],
  {
    description:
      "Ids that are not the caller's change nothing. A conversation's subject id is its company's id.",
    request: { body: jsonBody(markNotificationsReadSchema) },
    responses: {
      200: jsonContent(
        markNotificationsReadResultSchema,
        "How many were unread and are read now",
      ),
    },
  },
);

export function notificationRoutes() {
  return createRouter()
    .openapi(list, async (c) =>
      c.json(await listNotifications(c.var.ctx, c.req.valid("query")), 200),
    )
    .openapi(unread, async (c) => c.json(await unreadCounts(c.var.ctx), 200))
    .openapi(markRead, async (c) =>
      c.json(await markNotificationsRead(c.var.ctx, c.req.valid("json")), 200),
    );
}
