import { brandSettingsInputSchema, brandSettingsSchema } from "@/shared/schemas/setup";
import { createRouter, type AppDeps } from "../../http/context";
import { bodyWrite, sessionRoutes } from "../../http/openapi";
import { adminOnly } from "../../http/session";

const route = sessionRoutes("Settings", { subject: "setting" });

const putBrand = route.put("/brand", "setBrand", "Admin: the product name shown in the app's title and header and in mail (instead of BRAND_NAME)", [400, 401, 403], {
  middleware: adminOnly,
  ...bodyWrite(brandSettingsInputSchema, 200, brandSettingsSchema, "The brand name now in use"),
});

/** The installation's settings an admin changes in the browser (step 2 of /setup, and later). */
export function settingsRoutes({ brand }: Pick<AppDeps, "brand">) {
  return createRouter().openapi(putBrand, async (c) => c.json({ brandName: await brand.set(c.req.valid("json").brandName) }, 200));
}
