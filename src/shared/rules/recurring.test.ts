import { describe, expect, it } from "vitest";
import { addDays, firstIndexFrom, isWithin, occurrence, upcoming, type Schedule } from "./recurring";

const start = { index: 0, issued: 0 };
const monthly = (overrides: Partial<Schedule> = {}): Schedule => ({ frequency: "monthly", dayOfMonth: 1, startDate: "2026-01-01", endDate: null, count: null, ...overrides });

describe("recurring schedules", () => {
  it("issues on the schedule's day from the start's month, or the next month when that day has passed", () => {
    expect(occurrence(monthly({ dayOfMonth: 15, startDate: "2026-01-10" }), 0)).toBe("2026-01-15");
    expect(occurrence(monthly({ dayOfMonth: 5, startDate: "2026-01-10" }), 0)).toBe("2026-02-05");
    expect(occurrence(monthly({ dayOfMonth: 10, startDate: "2026-01-10" }), 0)).toBe("2026-01-10");
  });

  it("issues day 31 on each month's last day, February of a leap year too, and crosses the year", () => {
    const schedule = monthly({ dayOfMonth: 31, startDate: "2027-11-01" });
    expect([0, 1, 2, 3, 4, 5].map((index) => occurrence(schedule, index))).toEqual(["2027-11-30", "2027-12-31", "2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30"]);
  });

  it("steps three months for quarterly and twelve for yearly", () => {
    expect(upcoming({ ...monthly({ dayOfMonth: 1 }), frequency: "quarterly" }, start)).toEqual(["2026-01-01", "2026-04-01", "2026-07-01"]);
    expect(upcoming({ ...monthly({ dayOfMonth: 29, startDate: "2027-03-01" }), frequency: "yearly" }, start)).toEqual(["2027-03-29", "2028-03-29", "2029-03-29"]);
  });

  it("ends at its end date or after its count of invoices, however many dates a pause skipped", () => {
    expect(upcoming(monthly({ endDate: "2026-02-15" }), start, 5)).toEqual(["2026-01-01", "2026-02-01"]);
    expect(upcoming(monthly({ count: 2 }), { index: 1, issued: 1 }, 5)).toEqual(["2026-02-01"]);
    expect(upcoming(monthly({ count: 2 }), { index: 5, issued: 1 }, 5)).toEqual(["2026-06-01"]);
    expect(isWithin(monthly({ count: 12 }), { index: 11, issued: 11 })).toBe(true);
    expect(isWithin(monthly({ count: 12 }), { index: 11, issued: 12 })).toBe(false);
  });

  it("resumes at the first date not yet past", () => {
    expect(firstIndexFrom(monthly(), "2026-03-02")).toBe(3);
    expect(firstIndexFrom(monthly(), "2026-03-01")).toBe(2);
  });

  it("adds days across a month's end", () => {
    expect(addDays("2026-01-31", 14)).toBe("2026-02-14");
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
  });
});
