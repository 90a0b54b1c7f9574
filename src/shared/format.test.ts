import { describe, expect, it } from "vitest";
import { displayName, formatAmount, formatDate, formatDateTime, formatInstantDate, formatMoney, formatTime } from "./format";

/*
 * Run once per time zone (vitest.config.ts, the format-* projects): what a date shows must not
 * depend on where the machine is, and what an instant shows must follow the zone exactly.
 */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A calendar day as this locale writes it, fixed to that day whatever the zone. */
const day = (year: number, month: number, date: number) =>
  new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(Date.UTC(year, month - 1, date));

/** 2026-03-01T20:00:00Z in each zone the projects run in: a day later in Auckland (UTC+13 then). */
const eveningOfMarch1 = {
  UTC: { day: day(2026, 3, 1), hour: 20 },
  "Pacific/Auckland": { day: day(2026, 3, 2), hour: 9 },
  "America/Los_Angeles": { day: day(2026, 3, 1), hour: 12 },
}[zone];

describe("format", () => {
  it(`runs in a zone it has expectations for (here ${zone})`, () => {
    expect(eveningOfMarch1, `no expectations for ${zone}`).toBeDefined();
    if (process.env.TZ) expect(zone).toBe(process.env.TZ);
  });

  it("formats money exactly with two decimals and the currency sign", () => {
    expect(formatAmount("1234.5")).toBe("1,234.50");
    expect(formatAmount("0")).toBe("0.00");
    expect(formatAmount("9999999999.99")).toBe("9,999,999,999.99");
    expect(formatMoney("12.30")).toBe("$12.30");
    expect(formatMoney("-5")).toBe("-$5.00");
  });

  it("formats a SQL date as that very day, whatever the time zone", () => {
    expect(formatDate("2026-03-01")).toBe(day(2026, 3, 1));
    expect(formatDate("2026-01-01")).toBe(day(2026, 1, 1));
    expect(formatDate("2026-12-31")).toBe(day(2026, 12, 31));
    // A timestamp-looking value is read by its date part.
    expect(formatDate("2026-03-01T23:30:00Z")).toBe(day(2026, 3, 1));
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate(undefined, "Not set")).toBe("Not set");
    expect(formatDate("not-a-date")).toBe("N/A");
  });

  it("shows an instant on the calendar day and at the time of the local zone", () => {
    const instant = "2026-03-01T20:00:00Z";
    expect(formatInstantDate(instant)).toBe(eveningOfMarch1!.day);
    // The same moment written by a formatter told the zone outright: the app's must have used it too.
    const inZone = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone }).format(new Date(instant));
    expect(formatDateTime(instant)).toBe(inZone({ dateStyle: "medium", timeStyle: "short" }));
    expect(formatTime(instant)).toBe(inZone({ hour: "numeric", minute: "2-digit" }));
    const hour = new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: zone }).format(new Date(instant));
    expect(Number(hour)).toBe(eveningOfMarch1!.hour);
    expect(formatInstantDate(null)).toBe("N/A");
  });

  it("shows the full name, otherwise the email", () => {
    expect(displayName({ name: "Ada", email: "a@x.io" })).toBe("Ada");
    expect(displayName({ name: " ", email: "a@x.io" })).toBe("a@x.io");
  });
});
