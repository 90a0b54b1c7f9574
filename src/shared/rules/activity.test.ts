import { describe, expect, it } from "vitest";
import { describeActivity, type ActivityWords } from "./activity";

const words = (entry: Partial<ActivityWords>): ActivityWords => ({ subject: "ticket", kind: "changed", field: null, from: null, to: null, ...entry });

describe("describeActivity", () => {
  it("says what changed from what to what, in each field's own words", () => {
    expect(describeActivity(words({ field: "status", from: "pending", to: "doing" }))).toBe("changed status from Pending to Doing");
    expect(describeActivity(words({ field: "priority", from: "low", to: "urgent" }))).toBe("changed priority from Low to Urgent");
    expect(describeActivity(words({ subject: "project", field: "status", from: "active", to: "on_hold" }))).toBe("changed status from Active to On hold");
    expect(describeActivity(words({ subject: "project", field: "assignedTo", from: null, to: "Theo Team" }))).toBe("changed assignee from none to Theo Team");
    expect(describeActivity(words({ subject: "invoice", field: "status", from: "unpaid", to: "void" }))).toBe("changed status from Unpaid to Void");
  });

  it("writes dates as dates and amounts in the currency it is given, exactly", () => {
    expect(describeActivity(words({ subject: "project", field: "endDate", from: "2026-03-01", to: null }))).toMatch(/^changed end date from .*2026 to none$/);
    expect(describeActivity(words({ subject: "invoice", field: "amount", from: "80", to: "1234.5" }))).toBe("changed amount from 80.00 to 1,234.50");
    expect(describeActivity(words({ subject: "invoice", field: "amount", from: "80", to: "90.10" }), { money: (amount) => `€${amount}` })).toBe(
      "changed amount from €80 to €90.10",
    );
  });

  it("names a long text's field without its text, and the other kinds plainly", () => {
    expect(describeActivity(words({ field: "description", from: "secret", to: "other" }))).toBe("changed the description");
    expect(describeActivity(words({ subject: "invoice", field: "pdfUrl" }))).toBe("changed the PDF link");
    expect(describeActivity(words({ subject: "project", kind: "created" }))).toBe("created this project");
    expect(describeActivity(words({ subject: "invoice", kind: "issued", to: "unpaid" }))).toBe("issued this invoice");
    expect(describeActivity(words({ kind: "commented" }))).toBe("commented");
    expect(describeActivity(words({ kind: "attached", to: "trace.pdf" }))).toBe("attached trace.pdf");
  });
});
