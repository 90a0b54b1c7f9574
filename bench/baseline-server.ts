/**
 * The bare-metal baseline of `npm run bench` (issue 7): `node:http` + `pg`, no framework, no
 * session, no validation. Every GET /projects runs the one indexed query behind the customer
 * projects list (same columns, joins, order and page size as listProjects' row query, without
 * its count) for a fixed company and answers the page as JSON in the same shape. Its requests/s
 * is what "ours / baseline" divides by.
 *
 *   PORT=4000 HOST=127.0.0.1 DATABASE_URL=postgres://… BASELINE_COMPANY_ID=<uuid> node --import tsx bench/baseline-server.ts
 *
 * GET /ready answers 200 once the database does. Pool size as the app's (10). Loopback in bench.
 */
import { createServer } from "node:http";
import pg from "pg";

const databaseUrl = process.env.DATABASE_URL;
const companyId = process.env.BASELINE_COMPANY_ID;
if (!databaseUrl || !companyId) {
  console.error("baseline-server: set DATABASE_URL and BASELINE_COMPANY_ID");
  process.exit(2);
}
const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? "127.0.0.1";
const PAGE_SIZE = 50;

const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.POOL_SIZE ?? 10) });
pool.on("error", (error) => console.error("baseline pool error:", error.message));

const LIST_SQL = `select p.id, p.slug, p.name, p.description, p.status, p.start_date, p.end_date, p.created_at, p.updated_at,
    c.id as company_id, c.name as company_name, a.id as assignee_id, a.full_name as assignee_name, a.email as assignee_email
  from projects p
  inner join companies c on c.id = p.company_id
  left join profiles a on a.id = p.assigned_to
  where p.company_id = $1
  order by p.created_at desc, p.id asc
  limit ${PAGE_SIZE} offset 0`;

interface Row {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  status: string;
  start_date: string | null;
  end_date: string | null;
  created_at: Date;
  updated_at: Date;
  company_id: string;
  company_name: string;
  assignee_id: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
}

// Dates as the app answers them: 'YYYY-MM-DD' strings, not Date objects at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

const server = createServer((request, response) => {
  const send = (status: number, body: unknown) => {
    const json = JSON.stringify(body);
    response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
    response.end(json);
  };
  if (request.method === "GET" && request.url === "/projects") {
    pool.query<Row>(LIST_SQL, [companyId]).then(
      ({ rows }) =>
        send(200, {
          items: rows.map((r) => ({
            id: r.id,
            slug: r.slug,
            name: r.name,
            description: r.description,
            status: r.status,
            startDate: r.start_date,
            endDate: r.end_date,
            createdAt: r.created_at.toISOString(),
            updatedAt: r.updated_at.toISOString(),
            company: { id: r.company_id, name: r.company_name },
            assignee: r.assignee_id ? { id: r.assignee_id, name: r.assignee_name, email: r.assignee_email } : null,
          })),
          page: 1,
          pageSize: PAGE_SIZE,
        }),
      (error: unknown) => send(500, { error: error instanceof Error ? error.message : String(error) }),
    );
  } else if (request.method === "GET" && request.url === "/ready") {
    pool.query("select 1").then(
      () => send(200, { status: "ready" }),
      () => send(503, { status: "database unreachable" }),
    );
  } else {
    send(404, { error: "not found" });
  }
});
server.listen(port, host);

const shutdown = () => {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
