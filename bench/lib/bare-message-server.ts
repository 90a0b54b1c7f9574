/**
 * The bare counterpart of `POST /api/messages` for the SSE fan-out benchmark (issue 21):
 * `node:http` + `pg`, no framework, no session, no validation. `POST /messages` with our body
 * (`{ id, companyId, content }`) runs, on a `pg.Pool` of our size (10), the statements our send
 * runs, in its order, as the app sends them (read with bench/lib/pg-counter.ts):
 *
 *   begin
 *   insert into notifications … select …                             (ADR 029: the company's members
 *                                                                      for the team's message, the team
 *                                                                      for a customer's)
 *   insert into webhook_deliveries … select … from webhook_endpoints (ADR 031)
 *   insert into messages … on conflict (id) do nothing returning …   (the conversation summary and
 *                                                                      row-count triggers fire as for ours)
 *   commit
 *   select pg_notify('portico_events', '{"kind":"message","companyId":…,"id":…}')   (after the commit)
 *
 * and answers 201 with the message as ours does. The sender (BARE_SENDER_ID) is looked up once at
 * start, standing in for the session our server reads per request. Each statement is unnamed
 * (`client.query(text, values)`), as Drizzle sends them. A replayed id answers 409 (ours looks the
 * stored message up; the benchmark never replays). GET /ready answers 200 once the database does.
 *
 *   PORT=4000 HOST=127.0.0.1 DATABASE_URL=postgres://… BARE_SENDER_ID=<profile id> node --import tsx bench/lib/bare-message-server.ts
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { NOTIFICATION_EXCERPT_MAX, defaultMailDelivery } from "../../src/shared/rules/notifications";

const databaseUrl = process.env.DATABASE_URL;
const senderId = process.env.BARE_SENDER_ID;
if (!databaseUrl || !senderId) {
  console.error("bare-message-server: set DATABASE_URL and BARE_SENDER_ID");
  process.exit(2);
}
const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? "127.0.0.1";
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.POOL_SIZE ?? 10) });
pool.on("error", (error) => console.error("bare pool error:", error.message));

const { rows: found } = await pool.query<{ id: string; name: string; email: string; is_admin: boolean }>(
  "select p.id, p.full_name as name, p.email, exists (select 1 from user_roles r where r.user_id = p.id and r.role = 'admin') as is_admin from profiles p where p.id = $1",
  [senderId],
);
if (!found[0]) {
  console.error(`bare-message-server: no profile ${senderId}`);
  process.exit(2);
}
const sender = found[0];
const kind = sender.is_admin ? "message" : "customer_message";
const delivery = defaultMailDelivery[kind];
// The team's message reaches every member of the company, a customer's the team (notify.ts's audiences).
const audience = sender.is_admin
  ? "select company_users.user_id as id from company_users where company_users.company_id = $11"
  : "select user_roles.user_id as id from user_roles where user_roles.role = 'admin' and $11::uuid is not null";

const INSERT_MESSAGE = `insert into messages (id, company_id, sender_id, content, is_read, created_at) values ($1, $2, $3, $4, default, default)
  on conflict (id) do nothing returning id, company_id, sender_id, content, is_read, created_at`;
const INSERT_NOTIFICATIONS = `insert into notifications (recipient_id, company_id, kind, actor_id, actor_name, field, from_value, to_value, excerpt, mail)
  select r.id, $1, $2, $3, $4, $5, $6, $7, $8,
    case coalesce(notification_preferences.delivery, $9) when 'off' then 'none' else coalesce(notification_preferences.delivery, $10) end
  from (select distinct id from (${audience}) a where id is not null) r
  left join notification_preferences on notification_preferences.user_id = r.id and notification_preferences.kind = $12
  where r.id is distinct from $13
  returning recipient_id`;
const INSERT_WEBHOOK_DELIVERIES = `insert into webhook_deliveries (endpoint_id, event_type, company_id, body)
  select webhook_endpoints.id, $1, $2, $3
  from webhook_endpoints
  where webhook_endpoints.enabled and $4 = any(webhook_endpoints.event_types)
    and (webhook_endpoints.company_id is null or webhook_endpoints.company_id = $5)`;

/** notify.ts's clip: whitespace flattened, at most NOTIFICATION_EXCERPT_MAX characters. */
const clip = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > NOTIFICATION_EXCERPT_MAX ? `${flat.slice(0, NOTIFICATION_EXCERPT_MAX - 1)}…` : flat;
};

interface MessageRow {
  id: string;
  company_id: string;
  content: string;
  is_read: boolean;
  created_at: Date;
}

class HttpAnswer extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function send(input: { id: string; companyId: string; content: string }): Promise<MessageRow> {
  const client = await pool.connect();
  let row: MessageRow | undefined;
  try {
    await client.query("begin");
    await client.query(INSERT_NOTIFICATIONS, [
      input.companyId, kind, sender.id, sender.name, null, null, null, clip(input.content), delivery, delivery, input.companyId, kind, sender.id,
    ]);
    const body = JSON.stringify({
      type: "message.created",
      timestamp: new Date().toISOString(),
      data: { companyId: input.companyId, actor: { id: sender.id, name: sender.name }, messageId: input.id },
    });
    await client.query(INSERT_WEBHOOK_DELIVERIES, ["message.created", input.companyId, body, "message.created", input.companyId]);
    const inserted = await client.query<MessageRow>(INSERT_MESSAGE, [input.id, input.companyId, sender.id, input.content]);
    row = inserted.rows[0];
    if (!row) throw new HttpAnswer(409, "the id exists");
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    client.release();
    // 23503: the company does not exist (ours answers 404 for the same foreign key violation).
    if ((error as { code?: string }).code === "23503") throw new HttpAnswer(404, "Company not found");
    throw error;
  }
  client.release();
  await pool.query("select pg_notify($1, $2)", ["portico_events", JSON.stringify({ kind: "message", companyId: row.company_id, id: row.id })]);
  return row;
}

function answer(response: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  response.end(json);
}

async function readJson(request: IncomingMessage): Promise<{ id: string; companyId: string; content: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id: string; companyId: string; content: string };
}

const server = createServer((request, response) => {
  if (request.method === "GET" && request.url === "/ready") {
    pool.query("select 1").then(
      () => answer(response, 200, { status: "ready" }),
      () => answer(response, 503, { status: "database unreachable" }),
    );
    return;
  }
  if (request.method !== "POST" || request.url !== "/messages") return answer(response, 404, { error: "not found" });
  readJson(request)
    .then(send)
    .then(
      (row) =>
        answer(response, 201, {
          id: row.id,
          companyId: row.company_id,
          content: row.content,
          isRead: row.is_read,
          createdAt: row.created_at.toISOString(),
          sender: { id: sender.id, name: sender.name, email: sender.email, isAdmin: sender.is_admin },
          attachments: [],
        }),
      (error: unknown) => {
        if (error instanceof HttpAnswer) return answer(response, error.status, { error: error.message });
        answer(response, 500, { error: error instanceof Error ? error.message : String(error) });
      },
    );
});
server.listen(port, host);

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
