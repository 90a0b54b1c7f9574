import { z } from "zod";

/** One of the caller's own sign-ins (a browser or device), as the account page lists them. */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and system read from the user agent ("Chrome 131 on Linux"), or "Unknown device". */
  device: z.string(),
  /** The client address at sign-in, as the server saw it (behind TRUSTED_PROXIES: the client's). */
  ipAddress: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  /** When the session was last renewed: its rolling expiry moves at most once a day, so this is to the day. */
  lastActiveAt: z.iso.datetime(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
