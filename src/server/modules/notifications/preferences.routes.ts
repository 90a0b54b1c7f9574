import { notificationPreferencesSchema, updateNotificationPreferencesSchema } from "@/shared/schemas/notification";
import { createRouter } from "../../http/context";
import { bodyWrite, jsonContent, sessionRoutes } from "../../http/openapi";
import { getNotificationPreferences, updateNotificationPreferences } from "./preferences.service";

const route = sessionRoutes("Notifications");

const get = route.get("/preferences", "getNotificationPreferences", "The kinds of notification the caller's role receives, each with how it reaches them by mail", [401], {
  responses: { 200: jsonContent(notificationPreferencesSchema, "Every kind the caller receives, with its delivery (chosen or default)") },
});

const put = route.put(
  "/preferences",
  "updateNotificationPreferences",
  "Choose how listed kinds reach the caller by mail (at once, in the daily digest, or not); the rest stay as they are",
  [400, 401],
  {
    description: "A kind the caller's role does not receive, or one listed twice, is a 400 naming `items.<n>.kind`.",
    ...bodyWrite(updateNotificationPreferencesSchema, 200, notificationPreferencesSchema, "Every kind the caller receives, with its delivery"),
  },
);

/** Mounted at /api/notifications, beside the notification list's own router (distinct paths). */
export function notificationPreferenceRoutes() {
  return createRouter()
    .openapi(get, async (c) => c.json(await getNotificationPreferences(c.var.ctx), 200))
    .openapi(put, async (c) => c.json(await updateNotificationPreferences(c.var.ctx, c.req.valid("json")), 200));
}
