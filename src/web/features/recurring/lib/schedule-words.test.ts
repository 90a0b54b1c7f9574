import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getFormatLocale, setFormatLocale } from "@/shared/format";
import { fallsOnLastDay, scheduleInWords, scheduleMonths, scheduleSpanInWords } from "./schedule-words";

let before: string | undefined;
beforeEach(() => {
  before = getFormatLocale();
  setFormatLocale("en-US");
});
afterEach(() => setFormatLocale(before));

describe("a schedule in words", () => {
  it("says the day of the month, and for quarterly and yearly the months it falls in, counted from the first date", () => {
    expect(scheduleInWords({ frequency: "monthly", dayOfMonth: 15, startDate: "2027-01-01" })).toBe("Monthly on day 15");
    // Day 1 has passed in February: the first issue is March 1, then June, September, December.
    expect(scheduleInWords({ frequency: "quarterly", dayOfMonth: 1, startDate: "2027-02-10" })).toBe("Quarterly on day 1 of March, June, September, and December");
    expect(scheduleInWords({ frequency: "yearly", dayOfMonth: 15, startDate: "2027-03-01" })).toBe("Yearly on March 15");
    expect(scheduleInWords({ frequency: "yearly", dayOfMonth: 20, startDate: "2027-12-21" })).toBe("Yearly on January 20");
  });

  it("writes a yearly day past the month's end as the month's last day (29 in February, as in a leap year)", () => {
    expect(scheduleInWords({ frequency: "yearly", dayOfMonth: 31, startDate: "2027-04-01" })).toBe("Yearly on April 30");
    expect(scheduleInWords({ frequency: "yearly", dayOfMonth: 31, startDate: "2027-02-01" })).toBe("Yearly on February 29");
  });

  it("knows the months it issues in and whether one of them lacks its day", () => {
    expect(scheduleMonths({ frequency: "monthly", dayOfMonth: 5, startDate: "2027-07-01" })).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(scheduleMonths({ frequency: "quarterly", dayOfMonth: 5, startDate: "2027-11-01" })).toEqual([1, 4, 7, 10]);
    expect(fallsOnLastDay({ frequency: "monthly", dayOfMonth: 28, startDate: "2027-01-01" })).toBe(false);
    expect(fallsOnLastDay({ frequency: "monthly", dayOfMonth: 29, startDate: "2027-01-01" })).toBe(true);
    // January, April, July, October: only April lacks day 31 ...
    expect(fallsOnLastDay({ frequency: "quarterly", dayOfMonth: 31, startDate: "2027-01-01" })).toBe(true);
    // ... and none of them lacks day 30; nor does July day 31.
    expect(fallsOnLastDay({ frequency: "quarterly", dayOfMonth: 30, startDate: "2027-01-01" })).toBe(false);
    expect(fallsOnLastDay({ frequency: "yearly", dayOfMonth: 31, startDate: "2027-07-01" })).toBe(false);
  });

  it("says how it ends: on a date, after a number of invoices, or never", () => {
    expect(scheduleSpanInWords({ startDate: "2027-01-01", endDate: "2027-12-31", count: null })).toBe("From Jan 1, 2027 until Dec 31, 2027");
    expect(scheduleSpanInWords({ startDate: "2027-01-01", endDate: null, count: 12 })).toBe("From Jan 1, 2027, 12 invoices in all");
    expect(scheduleSpanInWords({ startDate: "2027-01-01", endDate: null, count: 1 })).toBe("From Jan 1, 2027, 1 invoice in all");
    expect(scheduleSpanInWords({ startDate: "2027-01-01", endDate: null, count: null })).toBe("From Jan 1, 2027, with no end");
  });
});
