import { badRequest } from "@/server/http/problem";

/**
 * The keyset position after a page's last row: its time in microseconds since the epoch (the
 * column's own precision; a JS Date would round it to milliseconds and skip or repeat rows) and
 * its id. Opaque to clients, base64url so it travels in a query string as it is.
 */
export interface AuditCursor {
  atMicros: bigint;
  id: bigint;
}

export function encodeAuditCursor({ atMicros, id }: AuditCursor): string {
  return Buffer.from(`${atMicros}.${id}`, "utf8").toString("base64url");
}

const invalidCursor = () => badRequest("The cursor is not one this list gave", [{ field: "cursor", message: "Use the nextCursor of the previous page" }]);

export function decodeAuditCursor(cursor: string): AuditCursor {
  const match = /^(\d{1,19})\.(\d{1,19})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw invalidCursor();
  return { atMicros: BigInt(match[1]!), id: BigInt(match[2]!) };
}
