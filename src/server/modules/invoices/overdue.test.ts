import { describe, expect, it } from "vitest";
import { todayIn } from "./overdue";

describe("today in the installation's time zone", () => {
  it("is the calendar date where the business is, on either side of the date line", () => {
    const noonUtc = new Date("2026-11-24T12:00:00Z");
    expect(todayIn("UTC", noonUtc)).toBe("2026-11-24");
    expect(todayIn("Pacific/Kiritimati", noonUtc)).toBe("2026-11-25");
    expect(todayIn("Etc/GMT+12", new Date("2026-11-24T11:59:00Z"))).toBe("2026-11-23");
  });

  it("changes at local midnight, so a cached answer keyed by it is never yesterday's", () => {
    expect(todayIn("Europe/Berlin", new Date("2026-11-24T22:59:59Z"))).toBe("2026-11-24");
    expect(todayIn("Europe/Berlin", new Date("2026-11-24T23:00:00Z"))).toBe("2026-11-25");
  });
});
