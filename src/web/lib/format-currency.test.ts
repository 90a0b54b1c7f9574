import { describe, expect, it } from "vitest";
import { formatCurrency } from "./format-currency";

describe("formatCurrency", () => {
  it("gives the spec's dollar sign and two decimals for USD in en-US", () => {
    expect(formatCurrency("1234.5", "USD", "en-US")).toBe("$1,234.50");
    expect(formatCurrency("99", "USD", "en-US")).toBe("$99.00");
    expect(formatCurrency("0.00", "USD", "en-US")).toBe("$0.00");
  });

  it("formats the decimal string exactly, beyond what a float holds", () => {
    // 9,999,999,999.99 is the column's maximum; as a float it would still print, but a longer
    // string shows the formatter never goes through a double.
    expect(formatCurrency("9999999999.99", "USD", "en-US")).toBe("$9,999,999,999.99");
    expect(formatCurrency("12345678901234567.89", "USD", "en-US")).toBe("$12,345,678,901,234,567.89");
  });

  it("follows the currency and the locale", () => {
    expect(formatCurrency("1234.5", "EUR", "de-DE")).toBe("1.234,50\u00a0€");
    expect(formatCurrency("1234.5", "GBP", "en-GB")).toBe("£1,234.50");
  });

  it("shows what is not a decimal, or an unknown currency, without throwing", () => {
    expect(formatCurrency("abc", "USD", "en-US")).toBe("abc");
    expect(formatCurrency("10.00", "XX", "en-US")).toBe("10.00 XX");
  });
});
