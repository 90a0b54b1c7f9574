import type { TestClient } from "../test-client";
import type { ReceivedMail } from "./smtp-inbox";

/** A mail address no other test has used, starting with `name` so a failure says whose it is. */
export const newAddress = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** The token of the confirmation link in a mail, as its reader would copy it from the text. */
export const confirmTokenIn = (mail: ReceivedMail) => new URL(mail.links.find((link) => link.includes("/confirm-email?token="))!).searchParams.get("token")!;

/** Opens a confirmation link's token as `client`, the way the web app's confirm page does. */
export const confirm = (client: TestClient, token: string) => client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
