import { describe, expect, it } from "vitest";
import { displayName, formatAmount, formatDate, formatMoney } from "./format";

describe("format", () => {
  it("formats money exactly with two decimals and the currency sign", () => {
    expect(formatAmount("1234.5")).toBe("1,234.50");
    expect(formatAmount("0")).toBe("0.00");
    expect(formatAmount("9999999999.99")).toBe("9,999,999,999.99");
    expect(formatMoney("12.30")).toBe("$12.30");
  });

  it("formats a SQL date without shifting it by the time zone", () => {
    expect(formatDate("2026-03-01")).toContain("2026");
    expect(formatDate("2026-03-01")).toMatch(/1/);
    expect(formatDate(null)).toBe("N/A");
    expect(formatDate(undefined, "Not set")).toBe("Not set");
  });

  it("shows the full name, otherwise the email", () => {
    expect(displayName({ name: "Ada", email: "a@x.io" })).toBe("Ada");
    expect(displayName({ name: " ", email: "a@x.io" })).toBe("a@x.io");
  });
});
