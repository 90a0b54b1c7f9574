import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { ACCESS_REASON_HEADER, ACCESS_REASON_MAX, ACCESS_REASON_REQUIRED, accessLogMessages } from "@/shared/rules/access-log";
import { accessEvents } from "@/server/db/schema";
import { badRequest, Problem } from "@/server/http/problem";
import type { ServiceContext } from "../context";
import { noteReads } from "./access-reads";
import type { AccessRef } from "./access-writes";
import { isStaff } from "./staff";

/** The reason a read needs and was not given: the web app asks for it and sends the read again. */
export const accessReasonRequired = () => new Problem(428, "Precondition Required", accessLogMessages.reasonRequired, undefined, ACCESS_REASON_REQUIRED);

/** Whose reason for which record was seen today by this process, so a second look costs no query. */
const givenToday = new Map<string, string>();

const remember = (key: string, day: string) => {
  if (givenToday.size >= 100_000) givenToday.clear();
  givenToday.set(key, day);
};

/**
 * Records a staff member's read of one record (ADR 050) after its read found it: a record that
 * does not exist stays a 404, never a question. With REQUIRE_ACCESS_REASON, the first read of the
 * record in a day (the installation's TIME_ZONE calendar) by this person must carry a reason
 * (`Access-Reason`), else 428 `access_reason_required`; the reason is kept with that read.
 */
export async function noteRecordRead(ctx: ServiceContext, ref: AccessRef): Promise<void> {
  if (!ctx.settings.requireAccessReason || !isStaff(ctx.actor)) return noteReads(ctx, { refs: [ref] });
  const reason = ctx.client?.accessReason ?? null;
  if (reason !== null && reason.length > ACCESS_REASON_MAX) {
    throw badRequest(accessLogMessages.reasonTooLong, [{ field: ACCESS_REASON_HEADER, message: accessLogMessages.reasonTooLong }]);
  }
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: ctx.billing.timeZone }).format(ctx.clock.now());
  const key = `${ctx.actor.userId}|${ref.id}`;
  if (reason === null && givenToday.get(key) !== day && !(await reasonGivenToday(ctx, ref, day))) throw accessReasonRequired();
  if (reason !== null) remember(key, day);
  noteReads(ctx, { refs: [ref], reason });
}

/** Whether the log already holds a read of `ref` by the caller with a reason, on `day` (YYYY-MM-DD in TIME_ZONE). */
async function reasonGivenToday({ db, actor, billing }: ServiceContext, ref: AccessRef, day: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accessEvents.id })
    .from(accessEvents)
    .where(
      and(
        eq(accessEvents.actorId, actor.userId),
        eq(accessEvents.recordId, ref.id),
        isNotNull(accessEvents.reason),
        gte(accessEvents.at, sql`(${day}::date)::timestamp at time zone ${billing.timeZone}`),
      ),
    )
    .limit(1);
  if (row) remember(`${actor.userId}|${ref.id}`, day);
  return row !== undefined;
}
