import { z } from "zod";
import { BRAND_NAME_MAX, SETUP_CODE_MAX, setupMessages } from "../rules/setup";
import { signUpInputSchema } from "./auth";
import { storable, storableName } from "./text";

/** What /setup shows before the owner exists: the brand in use, to prefill step 2. */
export const setupStatusSchema = z.object({ brandName: z.string() });

/** Step 1 of /setup: the owner's account (the sign-up rules) and the setup code from the log. */
export const setupOwnerInputSchema = signUpInputSchema.omit({ invitationToken: true }).extend({
  code: storable(z.string(setupMessages.codeRequired).trim().min(1, setupMessages.codeRequired).max(SETUP_CODE_MAX, setupMessages.codeWrong)),
});
export type SetupOwnerInput = z.infer<typeof setupOwnerInputSchema>;

/** The owner just created (signed in by the answer's session cookie). */
export const setupOwnerSchema = z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.string() }) });
export type SetupOwner = z.infer<typeof setupOwnerSchema>;

/** Step 2 of /setup, and later the admin's setting: the product name shown in the app and in mail. */
export const brandSettingsInputSchema = z.object({
  brandName: storableName(z.string(setupMessages.brandRequired).trim().min(1, setupMessages.brandRequired).max(BRAND_NAME_MAX, setupMessages.brandTooLong)),
});
export type BrandSettingsInput = z.infer<typeof brandSettingsInputSchema>;

export const brandSettingsSchema = z.object({ brandName: z.string() });
