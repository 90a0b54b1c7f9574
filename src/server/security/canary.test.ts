import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { streamHub } from "../modules/events/events.hub";
import { defaultStreamHubOptions } from "../realtime/stream-hub";
import { openSse, type SseReader } from "../test/realtime/sse-client";
import { send, type Sent } from "../test/security/http";
import { cellsOf, permissionMatrix, runCell, uploadForm } from "../test/security/matrix";
import { mapConcurrent } from "../test/security/pool";
import { actorsOutsideB, type ActorName, type CellActor, type WorldUser } from "../test/security/world";
import { worldForFile } from "@/server/test/per-file";
import type { Page } from "@/shared/schemas/pagination";
import type { SearchResults } from "@/shared/schemas/search";


/** Generous: the machine may be busy (five token actors replay most cells), and each sign-in or sign-up hashes a password. */
const LONG = 900_000;
const { server, world } = worldForFile();

/** Everything an actor got back: status line, every header (Location, Set-Cookie...) and the body. */
const everything = (response: Sent) => [String(response.status), ...[...response.headers].map(([name, value]) => `${name}: ${value}`), response.text].join("\n");

let checks = 0;
/** The canaries found in `text` (case-insensitively: searches are). Counts one check per canary. */
function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  checks += world.canaries.length;
  return world.canaries.filter((canary) => lower.includes(canary.toLowerCase()));
}

describe("canary scan: nothing of company B reaches anyone outside B, nor A's draft invoice or the team's internal note A's members", () => {
  it("carries canaries in every text field and id of B's data, of A's draft and of A's internal note", () => {
    // 26 text values (company and contact fields, project, ticket, four comments, invoice number,
    // two invoice lines' descriptions, invoice notes, PDF URL, two messages, a file's name and
    // content, a time entry's description, a recurring invoice's line and notes, a quote's title,
    // line, notes and terms, B's member's name and email) plus B's ids, its recurring invoice's and
    // its quote's; A's draft's number, notes, id and PDF's id; A's draft quote's title, line and id;
    // the internal note's text, its file's name and content, and their ids.
    expect(world.canaries.length).toBe(57);
  });

  it("leaks no canary in any answer of any route, object or error to A's members, the loner or a stranger", async () => {
    const cells = cellsOf(permissionMatrix(world)).filter((cell) => (actorsOutsideB as readonly CellActor[]).includes(cell.actor));
    const found: string[] = [];
    const scan = async (cell: (typeof cells)[number]) => {
      const response = await runCell(world, cell);
      for (const canary of leaks(everything(response))) found.push(`${cell.route} [${cell.object}] as ${cell.actor}: ${canary}`);
    };
    // As in the permission matrix, `last` cells (ending the actor's other sessions) run after the
    // rest: run alongside, they can end a session another cell has just opened to use.
    await mapConcurrent(cells.filter((cell) => !cell.last), 6, scan);
    for (const cell of cells.filter((cell) => cell.last)) await scan(cell);
    expect(found).toEqual([]);
    expect(cells.length).toBeGreaterThan(400);
  }, LONG);

  it("finds none of B's text through searches, filters and cursors, and counts none of B's rows", async () => {
    const texts = world.canaries.filter((canary) => canary.startsWith("cnry-"));
    const paths = [
      ...texts.flatMap((q) => ["projects", "tickets", "invoices"].map((list) => `/api/${list}?q=${encodeURIComponent(q)}`)),
      ...texts.map((q) => `/api/search?q=${encodeURIComponent(q)}`),
      `/api/tickets?projectId=${world.b.projects[0]!.id}&companyId=${world.b.company.id}`,
      `/api/invoices?companyId=${world.b.company.id}&status=unpaid`,
      `/api/messages?before=${world.b.messages[1]!.id}`,
      `/api/messages?limit=200&before=${world.b.messages[1]!.id}`,
    ];
    const found: string[] = [];
    for (const actor of ["customerA", "memberA", "loner"] as const) {
      await mapConcurrent(paths, 6, async (path) => {
        const response = (await send(server.baseUrl, path, { cookie: world.cookie(actor) })) as Sent<unknown[] | Page<unknown> | SearchResults>;
        expect(response.status, `${path} as ${actor}`).toBe(200);
        const { body } = response;
        const list = Array.isArray(body) ? body : "items" in body ? body.items : Object.values(body).flat();
        if (path.includes("?q=") || actor === "loner") expect(list, `${path} as ${actor}`).toHaveLength(0);
        if (!Array.isArray(body) && "total" in body && path.includes("?q=")) expect(body.total).toBe(0);
        for (const canary of leaks(everything(response))) found.push(`${path} as ${actor}: ${canary}`);
      });
    }
    expect(found).toEqual([]);
  }, LONG);

  it("sends A's event streams no event about B's changes, while they do get A's own", async () => {
    // No heartbeat until the control change is in (see below): the lone stream's signal is the first one.
    const hub = streamHub(server.deps);
    hub.configure({ heartbeatMs: 3_600_000 });
    onTestFinished(() => hub.configure({ heartbeatMs: defaultStreamHubOptions.heartbeatMs }));
    const streams: { actor: ActorName; reader: SseReader }[] = [];
    for (const actor of ["customerA", "memberA", "loner"] as const) {
      const { reader, status } = await openSse(`${server.baseUrl}/api/events`, { cookie: world.cookie(actor)!, "x-forwarded-for": "10.250.0.1" });
      expect(status).toBe(200);
      await reader!.waitForEvent("ready");
      streams.push({ actor, reader: reader! });
    }
    const anonymous = await send(server.baseUrl, "/api/events", { streamMs: 200 });
    expect(anonymous.status).toBe(401);
    expect(leaks(everything(anonymous))).toEqual([]);

    // B's side changes everything it can; the admin changes B's records too.
    const { customerB, admin, customerA } = world.users;
    const as = <M extends string, P extends string>(user: WorldUser, method: M, path: P, json: unknown) => send(server.baseUrl, path, { method, cookie: user.cookie, json });
    const writes = await Promise.all([
      as(customerB, "POST", "/api/messages", { content: "cnry stream message" }),
      as(customerB, "POST", `/api/tickets/${world.b.tickets[0]!.id}/comments`, { content: "cnry stream comment" }),
      as(customerB, "POST", `/api/projects/${world.b.projects[0]!.id}/comments`, { content: "cnry stream comment" }),
      as(customerB, "POST", "/api/tickets", { projectId: world.b.projects[0]!.id, title: "cnry stream ticket" }),
      as(customerB, "PUT", "/api/companies/mine", { name: world.b.company.name, phone: "cnry stream phone" }),
      as(admin, "PATCH", `/api/tickets/${world.b.tickets[0]!.id}`, { status: "doing" }),
      as(admin, "PATCH", `/api/projects/${world.b.projects[0]!.id}`, { status: "on_hold" }),
      as(admin, "PATCH", `/api/invoices/${world.b.invoices[0]!.id}`, { status: "paid" }),
      // A's own draft: its event names a canary (the draft's id), so it must reach no stream here.
      as(admin, "PATCH", `/api/invoices/${world.aDraft.invoiceId}`, { dueDate: "2026-12-31" }),
      // The team's internal notes on A's ticket, and a file on one: news for admins' streams alone.
      as(admin, "POST", `/api/tickets/${world.aNote.ticketId}/comments`, { content: "cnry stream note", internal: true }),
      send(server.baseUrl, `/api/tickets/${world.aNote.ticketId}/comments/${world.aNote.id}/files`, { method: "POST", cookie: admin.cookie, form: uploadForm({ name: "note.txt", type: "text/plain", content: "cnry note file" }) }),
      as(admin, "POST", "/api/messages", { companyId: world.b.company.id, content: "cnry stream reply" }),
      send(server.baseUrl, `/api/tickets/${world.b.tickets[0]!.id}/files`, { method: "POST", cookie: customerB.cookie, form: uploadForm({ name: "cnry-stream.txt", type: "text/plain", content: "cnry stream file" }) }),
      send(server.baseUrl, `/api/files/${world.b.files[0]!.id}`, { method: "DELETE", cookie: admin.cookie }),
    ]);
    expect(writes.map((write) => write.status).every((status) => status < 300)).toBe(true);
    // Then one change of A's: events arrive in order, so once it is here B's would have been too.
    const control = await as(customerA, "POST", "/api/messages", { content: "Control message" });
    expect(control.status).toBe(201);

    for (const { actor, reader } of streams) {
      if (actor !== "loner") await reader.waitForEvent<{ id: string }>("change", (event) => event.id === control.body.id);
    }
    // The loner gets no change at all. The hub hands each event to every stream at once, so B's had
    // reached the loner's stream before A's members got the control; a heartbeat started only now is
    // written after them, and once it arrives so has everything written before it.
    hub.configure({ heartbeatMs: 50 });
    await streams.find((s) => s.actor === "loner")!.reader.waitFor((frame) => frame.comment === "heartbeat", 5000, "a heartbeat");

    const found: string[] = [];
    for (const { actor, reader } of streams) {
      await reader.close();
      const text = reader.frames.map((frame) => `${frame.event}\n${frame.data}\n${frame.comment ?? ""}`).join("\n");
      for (const canary of leaks(text)) found.push(`event stream of ${actor}: ${canary}`);
      // The internal notes' events name A's own ticket, no canary: none may have come at all.
      expect(reader.events<{ id: string }>("change").filter((event) => event.id === world.aNote.ticketId), `${actor} heard of an internal note`).toEqual([]);
      const companies = reader.events<{ companyId: string }>("change").map((event) => event.companyId);
      expect(companies.every((id) => id === world.a.company.id), `${actor} got changes of ${companies.join(", ")}`).toBe(true);
      if (actor === "loner") expect(companies).toEqual([]);
    }
    expect(found).toEqual([]);
  }, LONG);

  it("names in A's access log nothing of B's records, of A's draft or of the internal note, after the admin opened them all", async () => {
    const { admin, customerA, customerB } = world.users;
    // A file of B's of its own: the event-stream test above deleted the world's.
    const upload = await send(server.baseUrl, `/api/tickets/${world.b.tickets[0]!.id}/files`, { method: "POST", cookie: customerB.cookie, form: uploadForm({ name: "cnry-access.txt", type: "text/plain", content: "cnry access file" }) });
    expect(upload.status).toBe(201);
    const bFileId = (upload.body as { id: string }).id;
    const opened = [
      `/api/tickets/${world.b.tickets[0]!.id}`,
      `/api/invoices/${world.b.invoices[0]!.id}`,
      `/api/projects/${world.b.projects[0]!.id}`,
      `/api/files/${bFileId}`,
      `/api/messages?companyId=${world.b.company.id}`,
      `/api/invoices/${world.aDraft.invoiceId}`,
      `/api/files/${world.aDraft.fileId}`,
      `/api/files/${world.aNote.fileId}`,
      `/api/tickets/${world.a.tickets[0]!.id}`,
    ];
    for (const path of opened) expect((await send(server.baseUrl, path, { cookie: admin.cookie })).status, path).toBeLessThan(300);
    const found: string[] = [];
    for (const path of ["/api/access-log", "/api/access-log/people", "/api/access-log/export", "/api/access-log/signed-export", `/api/access-log?companyId=${world.b.company.id}`]) {
      const response = await send(server.baseUrl, path, { cookie: customerA.cookie });
      expect(response.status, path).toBe(200);
      for (const canary of leaks(everything(response))) found.push(`${path}: ${canary}`);
      if (everything(response).includes(bFileId)) found.push(`${path}: B's file ${bFileId}`);
    }
    // The control: A's own ticket, opened in the same round, is there.
    expect((await send(server.baseUrl, "/api/access-log", { cookie: customerA.cookie })).text).toContain(world.a.tickets[0]!.id);
    expect(found).toEqual([]);
  });

  it("redirects A's members only to A's own PDF", async () => {
    for (const actor of ["customerA", "memberA"] as const) {
      const own = await send(server.baseUrl, `/api/invoices/${world.a.invoices[0]!.id}/pdf`, { cookie: world.cookie(actor) });
      expect(own.status).toBe(302);
      expect(own.headers.get("location")).toBe(world.a.invoices[0]!.pdfUrl);
      const foreign = await send(server.baseUrl, `/api/invoices/${world.b.invoices[0]!.id}/pdf`, { cookie: world.cookie(actor) });
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get("location")).toBeNull();
      expect(leaks(everything(own)).concat(leaks(everything(foreign)))).toEqual([]);
    }
  });

  afterAll(() => {
    console.log(`canary scan: ${checks} checks (${world.canaries.length} canaries × every answer, header set and event stream scanned)`);
  });
});
