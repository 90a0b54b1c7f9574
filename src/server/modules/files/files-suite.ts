import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { fileMessages } from "@/shared/rules/file";
import type { StoredFile } from "@/shared/schemas/file";
import { fileChunks, files } from "@/server/db/schema";
import { startTestServer, type TestServer, type TestUser } from "@/server/test/harness";
import { createCustomer, customerWithProject, invoiceBody, nextEvent } from "@/server/test/fixtures";
import {
  download,
  exeBytes,
  fileRowCounts,
  formWith,
  multipartBody,
  pdfBytes,
  pngBytes,
  sendForm,
  sha256,
  upload,
  type FilePart,
} from "@/server/test/files";
import { beforeAllTests } from "@/server/test/per-file";
import { sendRaw } from "@/server/test/security/http";
import { CHUNK_BYTES } from "./store/database-store";
import { sweepFiles } from "./sweep";

/** What a store adds to "stores nothing" beyond the database's rows (an S3 store: its objects). */
export interface FileStoreProbe {
  /** How many objects the store holds outside the database; 0 for the database store. */
  storedObjects?(server: TestServer): Promise<number>;
}

interface Side {
  company: { id: string; name: string };
  project: { id: string };
  customer: TestUser;
  ticket: { id: string };
}

const MAX_UPLOAD_MB = 1;
const MAX_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
const text = (content: string, name = "notes.txt", type = "text/plain"): FilePart => ({ name, type, bytes: content });
const pdf = (size = 2048, name = "invoice.pdf"): FilePart => ({ name, type: "application/pdf", bytes: pdfBytes(size) });

/**
 * The behaviour of files (issue 15) against one store: the same tests run on the database store
 * (files.test.ts) and on S3 (files-s3.test.ts), on PGlite and on PostgreSQL. `makeEnvOverrides`
 * configures the store (it may start one first); `probe` counts what the store holds outside the
 * database, so "stores nothing" covers it too.
 */
export function describeFileStoreBehaviour(label: string, makeEnvOverrides: () => Record<string, string> | Promise<Record<string, string>> = () => ({}), probe: FileStoreProbe = {}) {
  describe(`files on the ${label} store`, () => {
    const server = beforeAllTests(async () =>
      startTestServer({ MAX_UPLOAD_MB: String(MAX_UPLOAD_MB), WRITE_RATE_LIMIT: "0", ...(await makeEnvOverrides()) }),
    );
    afterAll(() => server.close());

    const world = beforeAllTests(async () => {
      const admin = await server.createUser({ admin: true, name: "Ada Admin" });
      const side = async (name: string): Promise<Side> => {
        const { company, project, customer } = await customerWithProject(server, name);
        const created = await customer.client.post("/api/tickets", { projectId: project.id, title: `${name} ticket` });
        if (created.status !== 201) throw new Error(`ticket: ${created.status}`);
        return { company, project, customer, ticket: { id: created.body.id } };
      };
      const alpha = await side("Alpha");
      const beta = await side("Beta");
      const member = await createCustomer(server, alpha.company.id, "Arthur Alpha");
      return { admin, alpha, beta, member };
    });

    const ticketFiles = (side: Side) => `/api/tickets/${side.ticket.id}/files`;

    /** Every row and object that holds a file, so a refusal can be shown to have stored nothing. */
    async function stored() {
      return { ...(await fileRowCounts(server.deps.db)), objects: (await probe.storedObjects?.(server)) ?? 0 };
    }

    /** Runs `refuse`, which must store nothing, and returns its answer. */
    async function storesNothing<T>(refuse: () => Promise<T>): Promise<T> {
      const before = await stored();
      const answer = await refuse();
      expect(await stored()).toEqual(before);
      return answer;
    }

    describe("upload and download", () => {
      it("gives back exactly the bytes uploaded, several chunks long, with the contract's headers", async () => {
        const file = pdf(2 * CHUNK_BYTES + 12_345, "Quarterly report.pdf");
        const answer = await upload(world.alpha.customer.client, ticketFiles(world.alpha), file);
        expect(answer.status).toBe(201);
        expect(answer.body).toMatchObject({ name: "Quarterly report.pdf", contentType: "application/pdf", size: file.bytes.length, uploadedBy: { id: world.alpha.customer.id, name: world.alpha.customer.name } });

        const got = await download(world.alpha.customer.client, `/api/files/${answer.body.id}`);
        expect(got.status).toBe(200);
        expect(sha256(got.bytes)).toBe(sha256(file.bytes as Buffer));
        expect(Object.fromEntries(["content-type", "content-length", "content-disposition", "x-content-type-options", "accept-ranges", "etag"].map((name) => [name, got.headers.get(name)]))).toEqual({
          "content-type": "application/pdf",
          "content-length": String(file.bytes.length),
          "content-disposition": `attachment; filename="Quarterly report.pdf"; filename*=UTF-8''Quarterly%20report.pdf`,
          "x-content-type-options": "nosniff",
          "accept-ranges": "bytes",
          etag: `"${sha256(file.bytes as Buffer)}"`,
        });
        expect(got.headers.get("cache-control")).toMatch(/\bprivate\b/);
        expect(got.headers.get("content-security-policy")).toMatch(/^sandbox;/);
        // The member of the same company sees it too; the file's row says what was stored.
        expect(sha256((await download(world.member.client, `/api/files/${answer.body.id}`)).bytes)).toBe(sha256(file.bytes as Buffer));
        const [row] = await server.deps.db.select().from(files).where(eq(files.id, answer.body.id));
        expect(row).toMatchObject({ size: file.bytes.length, sha256: sha256(file.bytes as Buffer), ticketId: world.alpha.ticket.id, companyId: world.alpha.company.id });
        expect(row!.storedAt).not.toBeNull();
      });

      it("answers one range with 206 (across chunk boundaries too), several with the whole file, and one beyond the file with 416", async () => {
        const bytes = pdfBytes(CHUNK_BYTES + 5000);
        const { body } = await upload(world.alpha.customer.client, ticketFiles(world.alpha), { name: "r.pdf", type: "application/pdf", bytes });
        const path = `/api/files/${body.id}`;
        const size = bytes.length;
        const cases: [string, number, number][] = [
          ["bytes=0-9", 0, 9],
          [`bytes=${CHUNK_BYTES - 3}-${CHUNK_BYTES + 2}`, CHUNK_BYTES - 3, CHUNK_BYTES + 2],
          [`bytes=${CHUNK_BYTES}-`, CHUNK_BYTES, size - 1],
          ["bytes=-7", size - 7, size - 1],
          [`bytes=100-${size + 1000}`, 100, size - 1],
        ];
        for (const [range, start, end] of cases) {
          const got = await download(world.alpha.customer.client, path, { range });
          expect(got.status, range).toBe(206);
          expect(got.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${size}`);
          expect(got.headers.get("content-length"), range).toBe(String(end - start + 1));
          expect(got.bytes.equals(bytes.subarray(start, end + 1)), range).toBe(true);
        }
        const several = await download(world.alpha.customer.client, path, { range: "bytes=0-1,5-6" });
        expect(several.status).toBe(200);
        expect(several.bytes.length).toBe(size);
        const beyond = await download(world.alpha.customer.client, path, { range: `bytes=${size}-` });
        expect(beyond.status).toBe(416);
        expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
        const stale = await download(world.alpha.customer.client, path, { range: "bytes=0-9", "if-range": '"another-version"' });
        expect(stale.status).toBe(200);
      });

      it("decides the type from the bytes, not the name or the claimed type", async () => {
        const client = world.alpha.customer.client;
        const png = await upload(client, ticketFiles(world.alpha), { name: "screenshot.bin", type: "application/octet-stream", bytes: pngBytes });
        expect(png.status).toBe(201);
        expect(png.body.contentType).toBe("image/png");
        expect((await download(client, `/api/files/${png.body.id}`)).headers.get("content-disposition")).toMatch(/^inline;/);

        const notes = await upload(client, ticketFiles(world.alpha), text("Grüße, world\n"));
        expect(notes.body.contentType).toBe("text/plain");
        const got = await download(client, `/api/files/${notes.body.id}`);
        expect(got.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(got.headers.get("content-disposition")).toMatch(/^attachment;/);
        expect(got.bytes.toString("utf8")).toBe("Grüße, world\n");

        // Browsers on Windows send a .csv as an Excel type: the extension and the bytes say CSV.
        const csv = await upload(client, ticketFiles(world.alpha), text("a,b\n1,2\n", "table.csv", "application/vnd.ms-excel"));
        expect(csv.status).toBe(201);
        expect(csv.body.contentType).toBe("text/csv");
      });

      it("keeps the name's last path part, without control characters or direction overrides, and sends it per RFC 6266", async () => {
        const client = world.alpha.customer.client;
        const cases: [string, string][] = [
          ["../../etc/passwd.txt", "passwd.txt"],
          ["C:\\Users\\me\\report.txt", "report.txt"],
          ["evil\u0007na\u202Eme\u2066\r\n.txt", "evilname.txt"],
          ["..", "file"],
        ];
        for (const [raw, cleaned] of cases) {
          const answer = await sendForm(client, ticketFiles(world.alpha), multipartBody([{ encodedFilename: raw, type: "text/plain", bytes: "hello" }]));
          // A name that cleans away to nothing has no extension left to say "text": the claimed type does.
          expect(answer.status, raw).toBe(201);
          expect(answer.body.name, raw).toBe(cleaned);
        }
        const unicode = await sendForm(client, ticketFiles(world.alpha), multipartBody([{ encodedFilename: 'Rechnung März "€".txt', type: "text/plain", bytes: "x" }]));
        expect(unicode.body.name).toBe('Rechnung März "€".txt');
        const got = await download(client, `/api/files/${unicode.body.id}`);
        expect(got.headers.get("content-disposition")).toBe(`attachment; filename="Rechnung Marz ___.txt"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%22%E2%82%AC%22.txt`);
      });
    });

    describe("bad input: a clear 4xx, and nothing stored", () => {
      const refusals: [string, () => FormData | { body: Buffer; contentType: string }, number, string | RegExp][] = [
        ["an executable", () => formWith({ name: "setup.exe", type: "application/octet-stream", bytes: exeBytes }), 415, fileMessages.typeNotAllowed],
        ["an executable claiming to be a PNG", () => formWith({ name: "cat.png", type: "image/png", bytes: exeBytes }), 415, fileMessages.typeMismatch],
        ["a PDF claiming to be a PNG", () => formWith({ name: "cat.png", type: "image/png", bytes: pdfBytes() }), 415, fileMessages.typeMismatch],
        ["a zip archive", () => formWith({ name: "archive.zip", type: "application/zip", bytes: Buffer.concat([Buffer.from("PK\x03\x04"), Buffer.alloc(60)]) }), 415, fileMessages.typeNotAllowed],
        ["HTML", () => formWith({ name: "page.html", type: "text/html", bytes: "<html><script>alert(1)</script></html>" }), 415, fileMessages.typeNotAllowed],
        ["SVG", () => formWith({ name: "logo.svg", type: "image/svg+xml", bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }), 415, fileMessages.typeNotAllowed],
        ["text with a NUL byte", () => formWith(text("abc\0def")), 415, fileMessages.typeMismatch],
        ["text whose tail, past the first 64 KiB, is binary", () => formWith({ name: "log.txt", type: "text/plain", bytes: Buffer.concat([Buffer.alloc(200_000, "a"), Buffer.from([0xff, 0x00, 0xfe])]) }), 415, fileMessages.typeMismatch],
        ["an empty file", () => formWith({ name: "empty.txt", type: "text/plain", bytes: "" }), 400, `file: ${fileMessages.empty}`],
        ["a name of 1,000 characters", () => formWith(text("x", `${"n".repeat(996)}.txt`)), 400, `file: ${fileMessages.nameTooLong}`],
        ["no file", () => multipartBody([{ field: "note", bytes: "hello" }]), 400, `file: ${fileMessages.missing}`],
        ["a file in another field", () => multipartBody([{ field: "attachment", filename: "a.txt", type: "text/plain", bytes: "hello" }]), 400, `file: ${fileMessages.missing}`],
        ["two files", () => formWith(text("one", "1.txt"), text("two", "2.txt")), 400, /^file: /],
        ["a multipart body cut short", () => ({ ...multipartBody([{ filename: "a.txt", type: "text/plain", bytes: "hello" }]), body: multipartBody([{ filename: "a.txt", type: "text/plain", bytes: "hello" }]).body.subarray(0, 120) }), 400, /^file: /],
      ];
      it.each(refusals)("refuses %s", async (_, body, status, message) => {
        const answer = await storesNothing(() => sendForm(world.alpha.customer.client, ticketFiles(world.alpha), body()));
        expect(answer.status).toBe(status);
        expect(answer.body.detail).toMatch(message);
      });

      it("refuses a body that is not multipart/form-data (400), and an upload to another company's ticket (404)", async () => {
        const json = await storesNothing(() => world.alpha.customer.client.raw(ticketFiles(world.alpha), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
        expect(json.status).toBe(400);
        const foreign = await storesNothing(() => upload(world.alpha.customer.client, ticketFiles(world.beta), pdf()));
        expect(foreign.status).toBe(404);
        expect(foreign.body.detail).toBe("Ticket not found");
      });

      it("refuses a file over MAX_UPLOAD_MB with 413: by its Content-Length before reading it, or as its bytes pass the limit", async () => {
        const raw = (file: Buffer) => {
          const { body, contentType } = multipartBody([{ filename: "big.pdf", type: "application/pdf", bytes: file }]);
          const { cookieHeader, baseUrl } = world.alpha.customer.client;
          return sendRaw(server.baseUrl, ticketFiles(world.alpha), { method: "POST", body, headers: { "content-type": contentType, origin: baseUrl, cookie: cookieHeader } });
        };
        const declared = await storesNothing(() => raw(pdfBytes(MAX_BYTES + 200_000)));
        expect(declared.status).toBe(413);
        expect((declared.body as { detail: string }).detail).toBe(fileMessages.tooLarge(MAX_UPLOAD_MB));
        // Within the Content-Length allowance for the multipart framing, but one byte over the limit.
        const streamed = await storesNothing(() => raw(pdfBytes(MAX_BYTES + 1)));
        expect(streamed.status).toBe(413);
        const exactly = await raw(pdfBytes(MAX_BYTES));
        expect(exactly.status).toBe(201);
      });

      it("leaves no bytes behind when the client goes away in the middle of an upload", async () => {
        const before = await stored();
        const { body, contentType } = multipartBody([{ filename: "big.pdf", type: "application/pdf", bytes: pdfBytes(700_000) }]);
        const abort = new AbortController();
        let sent = 0;
        // Sends the first 400 KB (more than a chunk), waits until the server is storing it (its
        // pending row is there and, in the database store, a chunk of it), then hangs up before the
        // rest. An S3 store holds parts of 5 MiB in memory first: nothing of it is in the bucket yet.
        const storing = async () => {
          const now = await stored();
          return now.files > before.files && (server.deps.files.kind !== "database" || now.chunks > before.chunks);
        };
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            if (sent >= 400_000) {
              await expect.poll(storing, { timeout: 10_000 }).toBe(true);
              abort.abort();
              return;
            }
            controller.enqueue(new Uint8Array(body.subarray(sent, sent + 50_000)));
            sent += 50_000;
          },
        });
        const { cookieHeader, baseUrl } = world.alpha.customer.client;
        await fetch(new URL(ticketFiles(world.alpha), server.baseUrl), {
          method: "POST",
          body: stream,
          headers: { "content-type": contentType, origin: baseUrl, cookie: cookieHeader },
          signal: abort.signal,
          duplex: "half",
        } as RequestInit).catch(() => undefined);
        // The server notices the hang-up and removes the pending row and its chunks.
        await expect.poll(() => stored(), { timeout: 10_000 }).toEqual(before);
      });

      it("sweeps away an upload that died with its process an hour ago, and leaves a running one alone", async () => {
        const pending = async (ageMinutes: number) => {
          const [row] = await server.deps.db
            .insert(files)
            .values({ companyId: world.alpha.company.id, name: "died.pdf", contentType: "application/pdf", store: server.deps.files.kind, createdAt: sql`now() - ${ageMinutes} * interval '1 minute'` })
            .returning({ id: files.id });
          await server.deps.files.put(row!.id, (async function* () {
            yield pdfBytes(CHUNK_BYTES + 10);
          })());
          return row!.id;
        };
        const before = await stored();
        const died = await pending(61);
        const running = await pending(5);
        // Neither is anyone's to download while pending.
        expect((await download(world.admin.client, `/api/files/${died}`)).status).toBe(404);
        const result = await sweepFiles(server.deps.db, server.deps.files);
        expect(result.unfinished).toBe(1);
        const [left] = await server.deps.db.select({ id: files.id }).from(files).where(eq(files.id, died));
        expect(left).toBeUndefined();
        if (server.deps.files.kind === "database") expect(await server.deps.db.select().from(fileChunks).where(eq(fileChunks.fileId, died))).toEqual([]);
        await server.deps.db.delete(files).where(eq(files.id, running));
        await server.deps.files.delete([running]);
        await sweepFiles(server.deps.db, server.deps.files);
        expect(await stored()).toEqual(before);
      });
    });

    describe("who may attach, see and delete", () => {
      it("lets anyone who sees a ticket attach to it; comments and messages only their author or an admin", async () => {
        const { alpha, member, admin } = world;
        const comment = (await alpha.customer.client.post(`/api/tickets/${alpha.ticket.id}/comments`, { content: "See attached" })).body;
        const projectComment = (await alpha.customer.client.post(`/api/projects/${alpha.project.id}/comments`, { content: "Brief attached" })).body;
        const message = (await alpha.customer.client.post("/api/messages", { content: "A file for you" })).body;
        const paths = [
          `/api/tickets/${alpha.ticket.id}/comments/${comment.id}/files`,
          `/api/projects/${alpha.project.id}/comments/${projectComment.id}/files`,
          `/api/messages/${message.id}/files`,
        ];
        expect((await upload(member.client, ticketFiles(alpha), text("member's"))).status).toBe(201);
        for (const path of paths) {
          expect((await storesNothing(() => upload(member.client, path, text("not mine")))).status, path).toBe(403);
          expect((await storesNothing(() => upload(world.beta.customer.client, path, text("not mine")))).status, path).toBe(404);
          expect((await upload(alpha.customer.client, path, text("mine"))).status, path).toBe(201);
          expect((await upload(admin.client, path, text("the admin's"))).status, path).toBe(201);
        }
        // A comment id under another ticket is not that ticket's comment.
        const elsewhere = await storesNothing(() => upload(admin.client, `/api/tickets/${world.beta.ticket.id}/comments/${comment.id}/files`, text("x")));
        expect(elsewhere.status).toBe(404);
      });

      it("hides every file of another company: 404 by id, for download and delete, and never its name", async () => {
        const secret = `cnry-${randomUUID()}.pdf`;
        const { body } = await upload(world.beta.customer.client, ticketFiles(world.beta), pdf(2048, secret));
        for (const client of [world.alpha.customer.client, world.member.client]) {
          const got = await download(client, `/api/files/${body.id}`);
          expect(got.status).toBe(404);
          expect(got.bytes.toString()).not.toContain(secret);
          expect((await client.delete(`/api/files/${body.id}`)).status).toBe(404);
          for (const path of [`/api/tickets/${world.alpha.ticket.id}`, `/api/tickets/${world.alpha.ticket.id}/comments`, "/api/messages", "/api/invoices"] as const) {
            expect(JSON.stringify((await client.get(path)).body)).not.toContain(secret);
          }
        }
        expect((await download(world.admin.client, `/api/files/${body.id}`)).status).toBe(200);
        expect((await download(world.alpha.customer.client, `/api/files/${randomUUID()}`)).status).toBe(404);
        expect((await download(world.alpha.customer.client, "/api/files/not-an-id")).status).toBe(400);
      });

      it("lets the uploader or an admin delete a file; another member of the company gets 403", async () => {
        const { alpha, member, admin } = world;
        const mine = (await upload(alpha.customer.client, ticketFiles(alpha), pdf(CHUNK_BYTES + 1))).body;
        const other = (await upload(alpha.customer.client, ticketFiles(alpha), pdf())).body;
        expect((await storesNothing(() => member.client.delete(`/api/files/${mine.id}`))).status).toBe(403);
        const event = nextEvent(server, "ticket");
        expect((await alpha.customer.client.delete(`/api/files/${mine.id}`)).status).toBe(204);
        expect(await event).toEqual({ kind: "ticket", companyId: alpha.company.id, id: alpha.ticket.id });
        expect((await download(alpha.customer.client, `/api/files/${mine.id}`)).status).toBe(404);
        expect(await server.deps.db.select().from(fileChunks).where(eq(fileChunks.fileId, mine.id))).toEqual([]);
        expect((await admin.client.delete(`/api/files/${other.id}`)).status).toBe(204);
        expect((await alpha.customer.client.delete(`/api/files/${other.id}`)).status).toBe(404);
      });
    });

    describe("attachments in their records' answers, and events", () => {
      it("lists a ticket's files, oldest first, in its detail, and announces each attachment as a change of the ticket", async () => {
        const { alpha } = world;
        const created = (await alpha.customer.client.post("/api/tickets", { projectId: alpha.project.id, title: "With files" })).body;
        const path = `/api/tickets/${created.id}/files`;
        const event = nextEvent(server, "ticket");
        const first = (await upload(alpha.customer.client, path, { name: "shot.png", type: "image/png", bytes: pngBytes })).body;
        expect(await event).toEqual({ kind: "ticket", companyId: alpha.company.id, id: created.id });
        const second = (await upload(world.admin.client, path, pdf())).body;
        const detail = await world.member.client.get(`/api/tickets/${created.id}`);
        expect(detail.body.attachments).toEqual([first, second]);
        // The list's rows are unchanged: no attachments there.
        const list = await alpha.customer.client.get("/api/tickets");
        expect(list.body.items.find((item) => item.id === created.id)).not.toHaveProperty("attachments");
      });

      it("lists comments' and messages' files in their threads, with the events of a new comment or message", async () => {
        const { alpha, admin } = world;
        const comment = (await alpha.customer.client.post(`/api/tickets/${alpha.ticket.id}/comments`, { content: "Log attached" })).body;
        expect(comment.attachments).toEqual([]);
        const projectComment = (await alpha.customer.client.post(`/api/projects/${alpha.project.id}/comments`, { content: "Brief" })).body;
        const message = (await alpha.customer.client.post("/api/messages", { content: "Invoice question" })).body;
        expect(message.attachments).toEqual([]);

        const attach = async (path: string, kind: "ticket_comment" | "project_comment" | "message", id: string, file: FilePart): Promise<StoredFile> => {
          const event = nextEvent(server, kind);
          const answer = await upload(alpha.customer.client, path, file);
          expect(answer.status).toBe(201);
          expect(await event).toEqual({ kind, companyId: alpha.company.id, id });
          return answer.body;
        };
        const onComment = await attach(`/api/tickets/${alpha.ticket.id}/comments/${comment.id}/files`, "ticket_comment", alpha.ticket.id, text("log", "log.txt"));
        const onProjectComment = await attach(`/api/projects/${alpha.project.id}/comments/${projectComment.id}/files`, "project_comment", alpha.project.id, pdf());
        const onMessage = await attach(`/api/messages/${message.id}/files`, "message", message.id, { name: "shot.png", type: "image/png", bytes: pngBytes });

        const thread = (await admin.client.get(`/api/tickets/${alpha.ticket.id}/comments`)).body;
        expect(thread.find((c) => c.id === comment.id)!.attachments).toEqual([onComment]);
        const projectThread = (await world.member.client.get(`/api/projects/${alpha.project.id}/comments`)).body;
        expect(projectThread.find((c) => c.id === projectComment.id)!.attachments).toEqual([onProjectComment]);
        const messages = (await alpha.customer.client.get("/api/messages")).body;
        expect(messages.find((m) => m.id === message.id)!.attachments).toEqual([onMessage]);
        const conversations = (await admin.client.get("/api/messages/conversations?recent=10")).body;
        const alphaConversation = conversations.items.find((c) => c.company.id === alpha.company.id)!;
        expect(alphaConversation.recentMessages.find((m) => m.id === message.id)!.attachments).toEqual([onMessage]);
        // A retried send answers the stored message, with its files.
        const id = randomUUID();
        await alpha.customer.client.post("/api/messages", { id, content: "Retried" });
        await upload(alpha.customer.client, `/api/messages/${id}/files`, text("again"));
        const retried = await alpha.customer.client.post("/api/messages", { id, content: "Retried" });
        expect(retried.status).toBe(200);
        expect(retried.body.attachments).toHaveLength(1);
      });
    });

    describe("invoice PDFs", () => {
      it("lets an admin put, replace and remove an invoice's PDF, which its company downloads; an external link still redirects", async () => {
        const { alpha, admin } = world;
        const invoice = (await admin.client.post("/api/invoices", invoiceBody(alpha.company.id, { pdfUrl: "https://files.example/inv-1.pdf" }))).body;
        expect(invoice.pdf).toBeNull();
        const path = `/api/invoices/${invoice.id}/pdf`;
        expect((await world.alpha.customer.client.raw(path)).headers.get("location")).toBe("https://files.example/inv-1.pdf");

        const first = pdf(CHUNK_BYTES + 99, "INV-1.pdf");
        const event = nextEvent(server, "invoice");
        const put = await upload(admin.client, path, first, "PUT");
        expect(put.status).toBe(200);
        expect(await event).toEqual({ kind: "invoice", companyId: alpha.company.id, id: invoice.id });
        const withPdf = put.body as unknown as { pdf: StoredFile; pdfUrl: string };
        expect(withPdf.pdf).toMatchObject({ name: "INV-1.pdf", contentType: "application/pdf", size: first.bytes.length });
        expect(withPdf.pdfUrl).toBe("https://files.example/inv-1.pdf");
        const got = await download(alpha.customer.client, path);
        expect(got.status).toBe(200);
        expect(sha256(got.bytes)).toBe(sha256(first.bytes as Buffer));
        expect(got.headers.get("content-disposition")).toMatch(/^attachment; filename="INV-1.pdf"/);
        expect((await alpha.customer.client.get(`/api/invoices/${invoice.id}`)).body.pdf).toEqual(withPdf.pdf);
        expect((await alpha.customer.client.get("/api/invoices")).body.items.find((item) => item.id === invoice.id)!.pdf).toEqual(withPdf.pdf);

        const second = pdf(3000, "INV-1 corrected.pdf");
        const replaced = (await upload(admin.client, path, second, "PUT")).body as unknown as { pdf: StoredFile };
        expect(replaced.pdf.name).toBe("INV-1 corrected.pdf");
        expect(sha256((await download(alpha.customer.client, path)).bytes)).toBe(sha256(second.bytes as Buffer));
        expect((await download(alpha.customer.client, `/api/files/${withPdf.pdf.id}`)).status).toBe(404);
        expect(await server.deps.db.select().from(fileChunks).where(eq(fileChunks.fileId, withPdf.pdf.id))).toEqual([]);

        expect((await storesNothing(() => upload(admin.client, path, { name: "scan.png", type: "image/png", bytes: pngBytes }, "PUT"))).status).toBe(415);
        expect((await storesNothing(() => upload(alpha.customer.client, path, pdf(), "PUT"))).status).toBe(403);
        expect((await alpha.customer.client.delete(path)).status).toBe(403);

        const removed = await admin.client.delete(path);
        expect(removed.status).toBe(200);
        expect(removed.body).toMatchObject({ pdf: null, pdfUrl: "https://files.example/inv-1.pdf" });
        const redirect = await alpha.customer.client.raw(path);
        expect(redirect.status).toBe(302);
        expect(redirect.headers.get("location")).toBe("https://files.example/inv-1.pdf");

        // Without a PDF or a link of its own, an issued invoice gets the one Portico renders; an upload replaces it.
        const bare = (await admin.client.post("/api/invoices", invoiceBody(alpha.company.id))).body;
        const generated = await download(alpha.customer.client, `/api/invoices/${bare.id}/pdf`);
        expect(generated.status).toBe(200);
        expect(generated.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="${bare.invoiceNumber}.pdf"`));
        const uploaded = pdf();
        expect((await upload(admin.client, `/api/invoices/${bare.id}/pdf`, uploaded, "PUT")).status).toBe(200);
        expect(sha256((await download(alpha.customer.client, `/api/invoices/${bare.id}/pdf`)).bytes)).toBe(sha256(uploaded.bytes as Buffer));
        expect((await download(world.beta.customer.client, `/api/invoices/${bare.id}/pdf`)).status).toBe(404);
        expect((await alpha.customer.client.raw(`/api/invoices/${bare.id}/pdf`)).status).toBe(200);
      });
    });

    it("stores every byte value unchanged (a file of random bytes in a PDF's clothes)", async () => {
      const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(CHUNK_BYTES * 2)]);
      const { body } = await upload(world.alpha.customer.client, ticketFiles(world.alpha), { name: "random.pdf", type: "application/pdf", bytes });
      expect(sha256((await download(world.alpha.customer.client, `/api/files/${body.id}`)).bytes)).toBe(sha256(bytes));
    });
  });
}
