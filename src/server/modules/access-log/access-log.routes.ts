import { z } from "@hono/zod-openapi";
import {
  accessLogFilterSchema,
  accessLogListQuerySchema,
  accessLogPageSchema,
  accessLogPeopleSchema,
  accessLogPublicKeySchema,
  chainVerdictSchema,
} from "@/shared/schemas/access-log";
import { auditBy } from "@/server/changes/audit-entry";
import { createRouter, type AppDeps } from "../../http/context";
import { csvResponse } from "../../http/csv";
import { jsonContent, queryRead, sessionRoutes } from "../../http/openapi";
import type { ServiceContext } from "../context";
import { todayIn } from "../invoices/overdue";
import { accessLogCsvColumns, accessLogCsvRows, signedJsonLinesResponse } from "./access-log-export";
import { accessLogCompany, exportAccessLog, listAccessLog, listAccessLogPeople, verifyAccessLog } from "./access-log.service";
import { signingKeysOf } from "./export-signing";

/** A company's access log (ADR 050): what the provider's staff read and changed of its records. */
const route = sessionRoutes("Access log", { subject: "accessLog" });

const who =
  "A customer reads their own company's log (any `companyId` is ignored) if they are its owner or a member an owner allowed " +
  "(`readsAccessLog`), otherwise 403; staff name the company (`companyId`, else 400).";
const companyQuery = z.object({ companyId: z.uuid({ error: "Choose an existing company" }).optional() });

const list = route.get("/", "listAccessLog", "Who of the provider's staff read or changed the company's records, newest first", [400, 401, 403], {
  description:
    `${who} Reads are kept once per person, record and hour. Filter by person (\`actorId\`) and record (\`recordType\`, \`recordId\`); ` +
    "pass the answer's `nextCursor` as `cursor` for the next page (null on the last one).",
  ...queryRead(accessLogListQuerySchema, accessLogPageSchema, "A page of entries"),
});

const people = route.get("/people", "listAccessLogPeople", "The staff members who appear in the company's access log", [400, 401, 403], {
  description: who,
  ...queryRead(companyQuery, accessLogPeopleSchema, "Each person once, by name"),
});

const exportCsv = route.get("/export", "exportAccessLog", "Every entry matching the filters as CSV, streamed", [400, 401, 403], {
  description: `${who} The export is itself recorded in the audit log (\`data.exported\`).`,
  request: { query: accessLogFilterSchema },
  responses: { 200: { description: "CSV with a header row, newest first", content: { "text/csv": { schema: z.string() } } } },
});

const exportSigned = route.get("/signed-export", "exportSignedAccessLog", "Every entry matching the filters as signed JSON lines, streamed", [400, 401, 403], {
  description:
    `${who} One entry a line (with its \`seq\`, \`prevHash\` and \`hash\`), newest first; the last line is ` +
    '`{"signature":{"algorithm":"Ed25519","keyFingerprint":…,"sha256":…,"value":…}}`: `sha256` is the SHA-256 (hex) of every byte before ' +
    "that line, and `value` the base64 Ed25519 signature of that hex text, made with the key GET /access-log/public-key shows. " +
    "The export is itself recorded in the audit log (`data.exported`).",
  request: { query: accessLogFilterSchema },
  responses: { 200: { description: "JSON lines, then the signature line", content: { "application/x-ndjson": { schema: z.string() } } } },
});

const publicKey = route.get("/public-key", "getAccessLogPublicKey", "The public key the signed export verifies with", [401], {
  description: "The same key for every company of the installation; it changes only with AUTH_SECRET.",
  responses: { 200: jsonContent(accessLogPublicKeySchema, "The Ed25519 public key") },
});

const verify = route.get("/verify", "verifyAccessLog", "Walk the company's hash chain and name its first broken link", [400, 401, 403], {
  description: `${who} Each entry carries the SHA-256 of its content and the previous entry's hash: an edited entry fails its hash, a removed one the link after it.`,
  ...queryRead(companyQuery, chainVerdictSchema, "Whether the chain holds, and its first entry that does not"),
});

export function accessLogRoutes({ env, log }: Pick<AppDeps, "env" | "log">) {
  return createRouter()
    .openapi(list, async (c) => c.json(await listAccessLog(c.var.ctx, c.req.valid("query")), 200))
    .openapi(people, async (c) => c.json(await listAccessLogPeople(c.var.ctx, c.req.valid("query")), 200))
    .openapi(exportCsv, async (c) => {
      const { ctx } = c.var;
      const filter = c.req.valid("query");
      const companyId = await accessLogCompany(ctx, filter.companyId);
      await recordExport(ctx, companyId, "Access log CSV");
      return csvResponse(c, {
        filename: `access-log-${todayIn(ctx.billing.timeZone)}.csv`,
        columns: accessLogCsvColumns,
        rows: accessLogCsvRows(exportAccessLog(ctx, { companyId, filter })),
        onError: (error) => log.error({ err: error, event: "access_log.export_failed", requestId: c.var.requestId }, "access log export cut short"),
      });
    })
    .openapi(exportSigned, async (c) => {
      const { ctx } = c.var;
      const filter = c.req.valid("query");
      const companyId = await accessLogCompany(ctx, filter.companyId);
      await recordExport(ctx, companyId, "Access log, signed JSON lines");
      // A streamed body: its media type names JSON, which the route's typing would hold to c.json.
      return signedJsonLinesResponse(c, {
        filename: `access-log-${todayIn(ctx.billing.timeZone)}.jsonl`,
        events: exportAccessLog(ctx, { companyId, filter }),
        authSecret: env.AUTH_SECRET,
        onError: (error) => log.error({ err: error, event: "access_log.export_failed", requestId: c.var.requestId }, "signed access log export cut short"),
      }) as never;
    })
    .openapi(publicKey, async (c) => c.json(signingKeysOf(env.AUTH_SECRET).published, 200))
    .openapi(verify, async (c) => c.json(await verifyAccessLog(c.var.ctx, c.req.valid("query")), 200));
}

/** An export is an audited read (ADR 027), as the audit log's own export is. */
async function recordExport(ctx: ServiceContext, companyId: string, label: string) {
  await ctx.record(ctx.db, { audit: auditBy(ctx, { kind: "data.exported", companyId, target: { type: "access_log", id: companyId, label } }) });
}
