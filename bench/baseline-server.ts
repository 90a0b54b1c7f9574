/**
 * The bare-metal baseline of `npm run bench` (issue 7): `node:http` + `pg`, no framework, no
 * session, no validation. One route per endpoint of ours that the benchmark measures; each runs
 * the one query that endpoint runs for its rows (same columns, joins, scope, order, page size,
 * read from the statements the app sends), without the total it counts alongside, and maps the
 * rows by hand to the same JSON. Page fields are filled from the rows (total = rows answered).
 * "ours / baseline" divides each endpoint's requests/s by its own route's.
 *
 *   PORT=4000 HOST=127.0.0.1 DATABASE_URL=postgres://… BASELINE_CUSTOMER_EMAIL=customer1@… node --import tsx bench/baseline-server.ts
 *
 * Scopes: /customer/… = the customer's company (looked up once at start from the email, standing
 * in for the session our server resolves per request), /admin/… = everything. Detail routes take
 * the id from the path, unchecked. GET /ready answers 200 once the database does. Pool size as
 * the app's (10). Loopback in bench.
 *
 * Statements are named, as ours are (ADR 010, `db/prepared.ts`): PostgreSQL parses and plans each
 * once per connection. Unnamed statements (issue 7 to a433a1f) made the baseline pay a plan per
 * request that ours does not: with them its /customer/projects answered 2,233 requests/s at 100
 * connections against 3,998 named, a ticket's detail 1,025 against 2,886 (3 s cells, 2026-11-28),
 * so the ratios partly measured PostgreSQL's planner instead of our request path.
 * BASELINE_STATEMENTS=unnamed brings the old baseline back, for comparison.
 */
import { createServer } from "node:http";
import pg from "pg";

const databaseUrl = process.env.DATABASE_URL;
const customerEmail = process.env.BASELINE_CUSTOMER_EMAIL;
if (!databaseUrl || !customerEmail) {
  console.error("baseline-server: set DATABASE_URL and BASELINE_CUSTOMER_EMAIL");
  process.exit(2);
}
const port = Number(process.env.PORT ?? 4000);
const host = process.env.HOST ?? "127.0.0.1";
// Our defaults: admin pages of 50 (DEFAULT_PAGE_SIZE); a customer's tickets and invoices are one
// unpaged list capped at 1000; messages the newest 200; conversations embed 1 message each.
const PAGE_SIZE = 50;
const CUSTOMER_LIST_LIMIT = 1000;
const MESSAGES_LIMIT = 200;
/** Ours: CURRENCY's default, which the benchmark's server runs with. */
const CURRENCY = "USD";
const RECENT_PER_CONVERSATION = 1;

// Dates as the app answers them: 'YYYY-MM-DD' strings, not Date objects at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.POOL_SIZE ?? 10) });
pool.on("error", (error) => console.error("baseline pool error:", error.message));
const namedStatements = process.env.BASELINE_STATEMENTS !== "unnamed";
/** One statement, named `name` unless BASELINE_STATEMENTS=unnamed; one name, one SQL text. */
const query = <R extends object>(name: string, text: string, values: unknown[]) =>
  pool.query<R>(namedStatements ? { name, text, values } : { text, values });

// The customer, once: what our session check answers on every request.
const { rows: me } = await pool.query<{ id: string; name: string; email: string; company_id: string; company_role: string }>(
  "select p.id, p.full_name as name, p.email, cu.company_id, cu.role as company_role from profiles p join company_users cu on cu.user_id = p.id where p.email = $1",
  [customerEmail],
);
if (!me[0]) {
  console.error(`baseline-server: no user ${customerEmail} with a company`);
  process.exit(2);
}
const customer = me[0];
const companyId = customer.company_id;

// ---- rows and their JSON ------------------------------------------------------------------------

const iso = (date: Date) => date.toISOString();
/** A page as ours answers it; the total is the rows answered (ours counts them in the same statement or alongside). */
const page = (items: unknown[], pageSize: number) => ({ items, total: items.length, totalExact: true, page: 1, pageSize });

interface ProjectRow {
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
const PROJECTS = `select p.id, p.slug, p.name, p.description, p.status, p.start_date, p.end_date, p.created_at, p.updated_at,
    c.id as company_id, c.name as company_name, a.id as assignee_id, a.full_name as assignee_name, a.email as assignee_email
  from projects p
  inner join companies c on c.id = p.company_id
  left join profiles a on a.id = p.assigned_to`;
const project = (r: ProjectRow) => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  description: r.description,
  status: r.status,
  startDate: r.start_date,
  endDate: r.end_date,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  company: { id: r.company_id, name: r.company_name },
  assignee: r.assignee_id ? { id: r.assignee_id, name: r.assignee_name, email: r.assignee_email } : null,
});

interface TicketRow {
  id: string;
  title: string;
  status: string;
  priority: string;
  created_at: Date;
  updated_at: Date;
  project_id: string;
  project_name: string;
  company_id: string;
  company_name: string;
  number: number;
  assignee_id: string | null;
  assignee_name: string | null;
  comment_count: number;
}
interface TicketListRow extends TicketRow {
  at_micros: string;
}
/** Ours (issue 22): a ticket's number, its assignee's name or address, and its comment count, in the same statement. */
const TICKET_RECORD_COLUMNS = `t.number, a.id as assignee_id, coalesce(nullif(btrim(a.full_name), ''), a.email) as assignee_name,
    (select count(*) from ticket_comments tc where tc.ticket_id = t.id)::int as comment_count`;
const TICKETS_LIST = `select t.id, t.title, t.status, t.priority, t.created_at, t.updated_at,
    (extract(epoch from t.created_at) * 1000000)::bigint::text as at_micros,
    p.id as project_id, p.name as project_name, c.id as company_id, c.name as company_name, ${TICKET_RECORD_COLUMNS}
  from tickets t
  inner join projects p on p.id = t.project_id
  inner join companies c on c.id = t.company_id
  left join profiles a on a.id = t.assigned_to`;
/** Ours pages tickets by keyset too (ADR 033): one row more than the page tells whether a next page exists, and its cursor. */
const ticketPage = (rows: TicketListRow[], pageSize: number) => {
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  const nextCursor = rows.length > pageSize && last ? Buffer.from(`${last.at_micros}.${last.id}`, "utf8").toString("base64url") : null;
  return { ...page(items.map(ticket), pageSize), nextCursor };
};
const ticket = (r: TicketRow) => ({
  id: r.id,
  number: r.number,
  title: r.title,
  status: r.status,
  priority: r.priority,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  project: { id: r.project_id, name: r.project_name },
  company: { id: r.company_id, name: r.company_name },
  commentCount: r.comment_count,
  assignee: r.assignee_id ? { id: r.assignee_id, name: r.assignee_name ?? "" } : null,
});

interface TicketDetailRow extends TicketRow {
  project_slug: string;
  description: string | null;
  creator_id: string | null;
  creator_name: string | null;
  creator_email: string | null;
}
const TICKET_DETAIL = `select t.id, t.title, t.status, t.priority, t.created_at, t.updated_at,
    p.id as project_id, p.name as project_name, p.slug as project_slug, c.id as company_id, c.name as company_name,
    t.description, cb.id as creator_id, cb.full_name as creator_name, cb.email as creator_email, ${TICKET_RECORD_COLUMNS}
  from tickets t
  inner join projects p on p.id = t.project_id
  inner join companies c on c.id = t.company_id
  left join profiles cb on cb.id = t.created_by
  left join profiles a on a.id = t.assigned_to`;
/** In ours the assignee comes after the detail's own fields (the JSON is compared as text). */
const ticketDetail = (r: TicketDetailRow) => {
  const { assignee, ...listed } = ticket(r);
  return {
    ...listed,
    project: { id: r.project_id, name: r.project_name, slug: r.project_slug },
    description: r.description,
    createdBy: r.creator_id ? { id: r.creator_id, name: r.creator_name, email: r.creator_email } : null,
    assignee,
  };
};

interface InvoiceRow {
  id: string;
  invoice_number: string;
  amount: string;
  issue_date: string;
  due_date: string | null;
  pdf_url: string | null;
  status: string;
  subtotal: string;
  tax: string;
  notes: string | null;
  overdue: boolean;
  paid_at: Date | null;
  issued_at: Date | null;
  voided_at: Date | null;
  replaces_id: string | null;
  created_at: Date;
  updated_at: Date;
  company_id: string;
  company_name: string;
}
/** Ours: overdue is derived in the statement from today's date where the business is (TIME_ZONE; UTC here and in the bench server). */
const INVOICES = `select i.id, i.invoice_number, i.amount, i.issue_date, i.due_date, i.pdf_url, i.status, i.subtotal, i.tax, i.notes,
    (i.status = 'unpaid' and i.due_date is not null and i.due_date < $TODAY::date) as overdue,
    i.paid_at, i.issued_at, i.voided_at, i.replaces_id, i.created_at, i.updated_at,
    c.id as company_id, c.name as company_name
  from invoices i
  inner join companies c on c.id = i.company_id`;
const today = () => new Date().toISOString().slice(0, 10);
const isoOrNull = (date: Date | null) => (date ? iso(date) : null);
const invoice = (r: InvoiceRow, pdf: unknown = null) => ({
  id: r.id,
  invoiceNumber: r.invoice_number,
  amount: r.amount,
  issueDate: r.issue_date,
  dueDate: r.due_date,
  pdfUrl: r.pdf_url,
  status: r.status,
  subtotal: r.subtotal,
  tax: r.tax,
  notes: r.notes,
  overdue: r.overdue,
  paidAt: isoOrNull(r.paid_at),
  issuedAt: isoOrNull(r.issued_at),
  voidedAt: isoOrNull(r.voided_at),
  replacesId: r.replaces_id,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
  company: { id: r.company_id, name: r.company_name },
  currency: CURRENCY,
  pdf,
});

/** A page of invoices with each one's stored PDF, read in one more statement as ours does. */
async function invoicePage(rows: InvoiceRow[], pageSize: number) {
  const pdfs = await filesOf("invoice_id", rows.map((r) => r.id));
  return page(
    rows.map((r) => invoice(r, pdfs.get(r.id)?.[0] ?? null)),
    pageSize,
  );
}

interface FileRow {
  id: string;
  name: string;
  content_type: string;
  size: string | null;
  created_at: Date;
  uploader_id: string | null;
  uploader_name: string | null;
  owner: string;
}
/** Ours reads the stored files of a page's records in one statement (files/file-select.ts `attachmentsOf`). */
async function filesOf(column: "invoice_id" | "ticket_id" | "message_id", ids: string[]): Promise<Map<string, unknown[]>> {
  const byOwner = new Map<string, unknown[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byOwner;
  const { rows } = await query<FileRow>(
    `files_of_${column}`,
    `select f.id, f.name, f.content_type, f.size, f.created_at, u.id as uploader_id, u.full_name as uploader_name, f.${column} as owner
      from files f left join profiles u on u.id = f.uploaded_by
      where f.${column} = any($1::uuid[]) and f.stored_at is not null order by f.created_at asc, f.id asc`,
    [`{${ids.join(",")}}`],
  );
  for (const r of rows) {
    byOwner.get(r.owner)?.push({
      id: r.id,
      name: r.name,
      contentType: r.content_type,
      size: Number(r.size ?? 0),
      createdAt: iso(r.created_at),
      uploadedBy: r.uploader_id === null ? null : { id: r.uploader_id, name: r.uploader_name ?? "" },
    });
  }
  return byOwner;
}

interface MessageRow {
  id: string;
  company_id: string;
  content: string;
  is_read: boolean;
  created_at: Date;
  sender_id: string | null;
  sender_name: string | null;
  sender_email: string | null;
  sender_role: string | null;
}
const message = (r: MessageRow) => ({
  id: r.id,
  companyId: r.company_id,
  content: r.content,
  isRead: r.is_read,
  createdAt: iso(r.created_at),
  sender: r.sender_id ? { id: r.sender_id, name: r.sender_name ?? "", email: r.sender_email ?? "", isAdmin: r.sender_role === "admin" } : null,
});

interface ConversationRow extends MessageRow {
  name: string;
  last_message_at: Date;
  at_micros: string;
  message_count: number;
  unread_count: number;
}
/**
 * One row per embedded message, the page's order: grouped into conversations. Ours pages them by
 * keyset too (issue 22's inbox): one conversation more than the page tells whether a next page
 * exists, and its cursor is the last one's activity time and company.
 */
async function conversations(rows: ConversationRow[]) {
  // Ours: each embedded message with its files, one statement for the page.
  const files = await filesOf("message_id", rows.map((r) => r.id));
  const items: Array<{ company: { id: string; name: string }; lastMessageAt: string; messageCount: number; unreadCount: number; lastMessage: unknown; recentMessages: unknown[] }> = [];
  const micros: string[] = [];
  for (const r of rows) {
    const m = { ...message(r), attachments: files.get(r.id) ?? [] };
    let current = items.at(-1);
    if (current?.company.id !== r.company_id) {
      current = { company: { id: r.company_id, name: r.name }, lastMessageAt: iso(r.last_message_at), messageCount: r.message_count, unreadCount: r.unread_count, lastMessage: m, recentMessages: [] };
      items.push(current);
      micros.push(r.at_micros);
    }
    current.recentMessages.push(m);
    current.lastMessage = m;
  }
  const shown = items.slice(0, PAGE_SIZE);
  const last = shown.at(-1);
  const nextCursor = items.length > PAGE_SIZE && last ? Buffer.from(`${micros[PAGE_SIZE - 1]}.${last.company.id}`, "utf8").toString("base64url") : null;
  return { ...page(shown, PAGE_SIZE), nextCursor };
}

interface CompanyRow {
  id: string;
  name: string;
  contact_name: string | null;
  contact_email: string | null;
  phone: string | null;
  address: string | null;
  created_at: Date;
  updated_at: Date;
}
const COMPANY_COLUMNS = "id, name, contact_name, contact_email, phone, address, created_at, updated_at";
const company = (r: CompanyRow) => ({
  id: r.id,
  name: r.name,
  contactName: r.contact_name,
  contactEmail: r.contact_email,
  phone: r.phone,
  address: r.address,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

// ---- the routes: one statement each ---------------------------------------------------------------

/** `values` gets the `:id` of a detail path ("" for the others); `map` turns the rows into the body (null: 404). */
interface Route<R> {
  path: string;
  /** `$TODAY` stands for a last parameter holding today's date (the invoices' overdue column). */
  sql: string;
  values(id: string): unknown[];
  /** The answer from the rows; async when ours runs more statements for it (files, lines). */
  map(rows: R[]): unknown;
}
const route = <R>(r: Route<R>): Route<unknown> => r as Route<unknown>;
const first = <R, T>(map: (row: R) => T) => (rows: R[]) => (rows[0] ? map(rows[0]) : null);

const routes: Array<Route<unknown>> = [
  route<ProjectRow>({
    path: "/customer/projects",
    sql: `${PROJECTS} where p.company_id = $1 order by p.created_at desc, p.id asc limit $2 offset $3`,
    values: () => [companyId, PAGE_SIZE, 0],
    map: (rows) => page(rows.map(project), PAGE_SIZE),
  }),
  route<TicketListRow>({
    path: "/customer/tickets",
    sql: `${TICKETS_LIST} where t.company_id = $1 order by t.created_at desc, t.id asc limit $2 offset $3`,
    values: () => [companyId, PAGE_SIZE + 1, 0],
    map: (rows) => ticketPage(rows, PAGE_SIZE),
  }),
  route<InvoiceRow>({
    path: "/customer/invoices",
    sql: `${INVOICES} where i.company_id = $1 order by i.issue_date desc, i.created_at desc, i.id asc limit $2 offset $3`,
    values: () => [companyId, CUSTOMER_LIST_LIMIT, 0],
    map: (rows) => invoicePage(rows, CUSTOMER_LIST_LIMIT),
  }),
  route<MessageRow>({
    path: "/customer/messages",
    sql: `select m.id, m.company_id, m.content, m.is_read, m.created_at,
        s.id as sender_id, s.full_name as sender_name, s.email as sender_email, r.role as sender_role
      from messages m
      left join profiles s on s.id = m.sender_id
      left join user_roles r on r.user_id = m.sender_id
      where m.company_id = $1 order by m.created_at desc, m.id desc limit $2`,
    values: () => [companyId, MESSAGES_LIMIT],
    // The newest first from the index, answered oldest first, each with its files (one statement).
    map: async (rows) => {
      const files = await filesOf("message_id", rows.map((r) => r.id));
      return rows.reverse().map((r) => ({ ...message(r), attachments: files.get(r.id) ?? [] }));
    },
  }),
  route<CompanyRow & { project_count: number; user_count: number }>({
    path: "/admin/companies",
    // The page is chosen in the derived table; the per-row counts are computed for its rows only.
    sql: `select page.id, page.name, page.contact_name, page.contact_email, page.phone, page.address, page.created_at, page.updated_at,
        (select count(*)::int from projects where projects.company_id = page.id) as project_count,
        (select count(*)::int from company_users where company_users.company_id = page.id) as user_count
      from (select ${COMPANY_COLUMNS} from companies order by created_at desc, id asc limit $1) page
      order by page.created_at desc, page.id asc`,
    values: () => [PAGE_SIZE],
    map: (rows) => page(rows.map((r) => ({ ...company(r), projectCount: r.project_count, userCount: r.user_count })), PAGE_SIZE),
  }),
  route<ProjectRow>({
    path: "/admin/projects",
    sql: `${PROJECTS} order by p.created_at desc, p.id asc limit $1 offset $2`,
    values: () => [PAGE_SIZE, 0],
    map: (rows) => page(rows.map(project), PAGE_SIZE),
  }),
  route<TicketListRow>({
    path: "/admin/tickets",
    sql: `${TICKETS_LIST} order by t.created_at desc, t.id asc limit $1 offset $2`,
    values: () => [PAGE_SIZE + 1, 0],
    map: (rows) => ticketPage(rows, PAGE_SIZE),
  }),
  route<InvoiceRow>({
    path: "/admin/invoices",
    sql: `${INVOICES} order by i.created_at desc, i.id asc limit $1 offset $2`,
    values: () => [PAGE_SIZE, 0],
    map: (rows) => invoicePage(rows, PAGE_SIZE),
  }),
  route<ConversationRow>({
    path: "/admin/conversations",
    // The page from the conversations summary, each one's newest messages in a lateral index range.
    sql: `select page.company_id, c.name, page.last_message_at, page.message_count, page.unread_count,
        (extract(epoch from page.last_message_at) * 1000000)::bigint::text as at_micros,
        latest.id, latest.content, latest.is_read, latest.created_at, latest.sender_id, latest.sender_name, latest.sender_email, latest.sender_role
      from (select company_id, last_message_at, message_count, unread_count from conversations
            order by last_message_at desc, company_id desc limit $1) page
      inner join companies c on c.id = page.company_id
      inner join lateral (
        select m.id, m.content, m.is_read, m.created_at,
          s.id as sender_id, s.full_name as sender_name, s.email as sender_email, r.role as sender_role
        from messages m
        left join profiles s on s.id = m.sender_id
        left join user_roles r on r.user_id = m.sender_id
        where m.company_id = page.company_id order by m.created_at desc, m.id desc limit $2) latest on true
      order by page.last_message_at desc, page.company_id desc, latest.created_at asc, latest.id asc`,
    values: () => [PAGE_SIZE + 1, RECENT_PER_CONVERSATION],
    map: conversations,
  }),
  route<ProjectRow>({
    path: "/customer/projects/:id",
    sql: `${PROJECTS} where p.id = $1 and p.company_id = $2`,
    values: (id) => [id, companyId],
    map: first(project),
  }),
  route<TicketDetailRow>({
    path: "/customer/tickets/:id",
    sql: `${TICKET_DETAIL} where t.id = $1 and t.company_id = $2`,
    values: (id) => [id, companyId],
    map: async (rows) => {
      const row = rows[0];
      if (!row) return null;
      const files = await filesOf("ticket_id", [row.id]);
      return { ...ticketDetail(row), attachments: files.get(row.id) ?? [] };
    },
  }),
  route<InvoiceRow>({
    path: "/customer/invoices/:id",
    sql: `${INVOICES} where i.id = $1 and i.company_id = $2`,
    values: (id) => [id, companyId],
    map: async (rows) => {
      const row = rows[0];
      if (!row) return null;
      // Ours: the invoice, its stored PDF, its replacement as the customer may see it, its lines.
      const pdfs = await filesOf("invoice_id", [row.id]);
      const { rows: replacedBy } = await query<{ id: string; invoice_number: string }>(
        "invoice_replaced_by",
        "select i.id, i.invoice_number from invoices i where i.replaces_id = $1 and i.company_id = $2 and i.status <> 'draft' order by i.status = 'draft', i.created_at desc limit 1",
        [row.id, companyId],
      );
      const { rows: lines } = await query<{ id: string; description: string; quantity: string; unit_price: string; tax_rate: string | null; line_total: string; line_tax: string }>(
        "invoice_lines",
        "select id, description, quantity, unit_price, tax_rate, line_total, line_tax from invoice_lines where invoice_id = $1 order by position asc",
        [row.id],
      );
      return {
        ...invoice(row, pdfs.get(row.id)?.[0] ?? null),
        lines: lines.map((l) => ({ id: l.id, description: l.description, quantity: l.quantity, unitPrice: l.unit_price, taxRate: l.tax_rate, total: l.line_total, tax: l.line_tax })),
        replacedBy: replacedBy[0] ? { id: replacedBy[0].id, invoiceNumber: replacedBy[0].invoice_number } : null,
      };
    },
  }),
  route<CompanyRow>({
    path: "/customer/companies/:id",
    // The id and the customer's scope, both on companies.id, as ours.
    sql: `select ${COMPANY_COLUMNS} from companies where id = $1 and id = $2`,
    values: (id) => [id, companyId],
    map: first(company),
  }),
  route<{ locale: string | null; company_id: string | null; company_name: string | null }>({
    path: "/customer/me",
    // Ours: the caller's language and their company's name in one statement (the rest is the session's).
    sql: "select p.locale, c.id as company_id, c.name as company_name from profiles p left join companies c on c.id = $2 where p.id = $1",
    values: () => [customer.id, companyId],
    map: (rows) => ({
      id: customer.id,
      name: customer.name,
      email: customer.email,
      role: "customer",
      company: rows[0]?.company_id ? { id: rows[0].company_id, name: rows[0].company_name, role: customer.company_role } : null,
      twoFactor: { enabled: false, required: false },
      locale: rows[0]?.locale ?? null,
    }),
  }),
];

// ---- HTTP -------------------------------------------------------------------------------------------

const byPath = new Map(routes.map((r) => [r.path, r]));

const server = createServer((request, response) => {
  const send = (status: number, body: unknown) => {
    const json = JSON.stringify(body);
    response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
    response.end(json);
  };
  const url = request.url ?? "/";
  if (request.method !== "GET") return send(404, { error: "not found" });
  if (url === "/ready") {
    pool.query("select 1").then(
      () => send(200, { status: "ready" }),
      () => send(503, { status: "database unreachable" }),
    );
    return;
  }
  // /customer/projects or /customer/projects/<id>
  const [, scope, resource, id] = url.split("/");
  const found = byPath.get(`/${scope}/${resource}${id ? "/:id" : ""}`);
  if (!found) return send(404, { error: "not found" });
  const values = found.values(id ?? "");
  const text = found.sql.includes("$TODAY") ? found.sql.replace("$TODAY", `$${values.push(today())}`) : found.sql;
  query(found.path, text, values)
    .then(({ rows }) => found.map(rows))
    .then(
      (body) => send(body === null ? 404 : 200, body ?? { error: "not found" }),
      (error: unknown) => send(500, { error: error instanceof Error ? error.message : String(error) }),
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
