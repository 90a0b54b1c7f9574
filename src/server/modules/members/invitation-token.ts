import { createHash, randomBytes } from "node:crypto";

/**
 * An invitation link's secret: 32 random bytes (256 bits), base64url. Only its SHA-256 is stored:
 * a token this long needs no slow hash to resist guessing, and whoever reads the database still
 * holds no working link.
 */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");
