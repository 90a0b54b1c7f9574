import { describe, expect, it } from "vitest";
import type { EventKind } from "@/web/lib/realtime-events";
import { queryRoots } from "@/web/lib/query-keys";
import { queryRootsFor } from "@/web/lib/realtime";

/** What the overviews count or list (ADR 035): a change of any of these kinds may change a number or a row. */
const shownOnOverviews: EventKind[] = ["message", "ticket", "ticket_comment", "project", "invoice", "company"];

describe("the overviews' live refresh", () => {
  it("refetches both overviews on every change event that can alter what they show", () => {
    for (const kind of shownOnOverviews) expect(queryRootsFor(kind), kind).toContain(queryRoots.overview);
  });

  it("leaves them alone for a project comment, which no overview shows", () => {
    expect(queryRootsFor("project_comment")).not.toContain(queryRoots.overview);
  });
});
