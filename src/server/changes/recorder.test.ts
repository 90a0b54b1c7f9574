import { describe, expect, it } from "vitest";
import type { Database } from "@/server/db/client";
import { activityListener } from "@/server/modules/activity/activity-log";
import { accessListener } from "@/server/modules/access-log/access-listener";
import { auditListener } from "@/server/modules/audit/audit-log";
import { notificationListener } from "@/server/modules/notifications/notification-listener";
import { receiptListener } from "@/server/modules/payments/receipt-listener";
import { webhookListener } from "@/server/modules/webhooks/webhook-events";
import { realtimeListener } from "@/server/realtime/realtime-listener";
import type { Change, ChangeListener } from "./change";
import { changeListeners } from "./listeners";
import { changeRecorder } from "./recorder";

/** ADR 040: one recorder hands each change to the listeners registered at start-up. */
const tx = {} as Database;
const change: Change = { announce: { kind: "ticket", companyId: "7f1c6a4e-7a47-4b8a-9f5e-0d0f3a1b2c3d", id: "0b8e3e2a-3c1d-4e5f-8a9b-1c2d3e4f5a6b" } };

describe("changeRecorder", () => {
  it("hands the transaction and the change to every listener, one after the other, in the order listed", async () => {
    const calls: string[] = [];
    const listener =
      (name: string): ChangeListener =>
      async (given, recorded) => {
        expect(given).toBe(tx);
        expect(recorded).toBe(change);
        calls.push(`${name} start`);
        await Promise.resolve();
        calls.push(`${name} end`);
      };
    await changeRecorder([listener("first"), listener("second")])(tx, change);
    expect(calls).toEqual(["first start", "first end", "second start", "second end"]);
  });

  it("fails with the first listener that fails and runs none after it, so the write's transaction fails too", async () => {
    const ran: string[] = [];
    const record = changeRecorder([
      async () => {
        throw new Error("notify failed");
      },
      async () => {
        ran.push("after");
      },
    ]);
    await expect(record(tx, change)).rejects.toThrow("notify failed");
    expect(ran).toEqual([]);
  });

  it("is built from one list: the history first, then notifications, receipts, webhooks, audit and the access log, the announcement last", () => {
    expect(changeListeners).toEqual([activityListener, notificationListener, receiptListener, webhookListener, auditListener, accessListener, realtimeListener]);
  });
});
