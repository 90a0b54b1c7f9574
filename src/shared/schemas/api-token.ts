import { z } from "zod";
import { API_TOKEN_NAME_MAX, apiTokenLifetimesDays, apiTokenMessages, apiTokenScopes } from "../rules/api-token";
import { requiredText } from "./text";

/** One of the caller's API tokens as the account page lists it; the token itself is never shown again. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters ("ptc_Ab12Cd"), to tell it apart from the others. */
  start: z.string(),
  scope: z.enum(apiTokenScopes),
  createdAt: z.iso.datetime(),
  /** The last request it made; null before the first. */
  lastUsedAt: z.iso.datetime().nullable(),
  /** Null: it never expires (admins' tokens only). */
  expiresAt: z.iso.datetime().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createApiTokenSchema = z.object({
  name: requiredText(apiTokenMessages.nameRequired, API_TOKEN_NAME_MAX, apiTokenMessages.nameTooLong),
  scope: z.enum(apiTokenScopes, "Choose read only, or read and write"),
  /**
   * 30, 90 or 365 days; null for a token that never expires (admins only). The OpenAPI generator
   * shows only the first value of a literal of several, so the list is published as its `enum`.
   */
  expiresInDays: z.union([z.literal(apiTokenLifetimesDays).meta({ enum: [...apiTokenLifetimesDays] }), z.null()], "Choose 30, 90 or 365 days").meta({
    description: "Days until the token expires: 30, 90 or 365; null for never, which only an admin may choose (400 naming `expiresInDays` for anyone else)",
  }),
});
export type CreateApiToken = z.input<typeof createApiTokenSchema>;

/** The answer to making a token: the list's row, and the token itself, shown this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
