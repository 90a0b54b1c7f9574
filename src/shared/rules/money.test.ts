import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invoiceTotals, lineTax, lineTotal, linesProblem, moneyMessages, quantityProblem, taxRateProblem, unitPriceProblem, type LineInput } from "./money";

/**
 * The reference: the same rules in BigInt arithmetic on integer thousandths and cents, which has
 * no float anywhere, so a float slipping into money.ts would show as a difference.
 */
const digits = (text: string, scale: number) => {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole! + fraction.padEnd(scale, "0"));
};
const divideHalfUp = (value: bigint, by: bigint) => (value * 2n + by) / (by * 2n);
const asCents = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, "0")}`;

function referenceLine(line: LineInput): { total: bigint; tax: bigint } {
  // Thousandths of a unit × cents is in hundred-thousandths; divided by 1000 it is cents.
  const total = divideHalfUp(digits(line.quantity, 3) * digits(line.unitPrice, 2), 1000n);
  const tax = line.taxRate ? divideHalfUp(total * digits(line.taxRate, 2), 10_000n) : 0n;
  return { total, tax };
}

const decimal = (maxWhole: number, scale: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 10 ** scale - 1 }), fc.integer({ min: 0, max: scale }))
    .map(([whole, fraction, shown]) => (shown === 0 ? String(whole) : `${whole}.${String(fraction).padStart(scale, "0").slice(0, shown)}`));

const lineArbitrary: fc.Arbitrary<LineInput> = fc.record({
  quantity: decimal(9_999, 3).filter((text) => quantityProblem(text) === undefined),
  unitPrice: decimal(99_999, 2),
  taxRate: fc.option(decimal(100, 2).filter((text) => taxRateProblem(text) === undefined), { nil: null }),
});

const twoDecimals = /^\d+\.\d{2}$/;

describe("money", () => {
  it("rounds half-up at .005 and keeps two decimals", () => {
    expect(lineTotal({ quantity: "1", unitPrice: "10" })).toBe("10.00");
    expect(lineTotal({ quantity: "0.5", unitPrice: "0.01" })).toBe("0.01");
    expect(lineTotal({ quantity: "0.001", unitPrice: "4.99" })).toBe("0.00");
    expect(lineTotal({ quantity: "0.001", unitPrice: "5.00" })).toBe("0.01");
    expect(lineTax({ quantity: "1", unitPrice: "0.10", taxRate: "5" })).toBe("0.01");
    expect(lineTax({ quantity: "1", unitPrice: "0.10", taxRate: "4.99" })).toBe("0.00");
    // 0.1 + 0.2 in floats is 0.30000000000000004.
    expect(invoiceTotals([{ quantity: "1", unitPrice: "0.1" }, { quantity: "1", unitPrice: "0.2" }]).total).toBe("0.30");
  });

  it("equals BigInt cent arithmetic line by line, and the total is the sum of the rounded lines", () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { minLength: 1, maxLength: 20 }), (lines) => {
        const reference = lines.map(referenceLine);
        lines.forEach((line, index) => {
          expect(lineTotal(line)).toBe(asCents(reference[index]!.total));
          expect(lineTax(line)).toBe(asCents(reference[index]!.tax));
        });
        const subtotal = reference.reduce((sum, line) => sum + line.total, 0n);
        const tax = reference.reduce((sum, line) => sum + line.tax, 0n);
        expect(invoiceTotals(lines)).toEqual({ subtotal: asCents(subtotal), tax: asCents(tax), total: asCents(subtotal + tax) });
      }),
    );
  });

  it("always answers strings with exactly two decimals", () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { maxLength: 10 }), (lines) => {
        for (const value of [...Object.values(invoiceTotals(lines)), ...lines.flatMap((line) => [lineTotal(line), lineTax(line)])]) {
          expect(typeof value).toBe("string");
          expect(value).toMatch(twoDecimals);
        }
      }),
    );
  });

  it("names what is wrong with a line", () => {
    expect(quantityProblem("0")).toBe(moneyMessages.quantity);
    expect(quantityProblem("-1")).toBe(moneyMessages.quantity);
    expect(quantityProblem("1.2345")).toBe(moneyMessages.quantity);
    expect(quantityProblem("10000000")).toBe(moneyMessages.quantityTooLarge);
    expect(quantityProblem("9999999")).toBeUndefined();
    expect(unitPriceProblem("-1")).toBe(moneyMessages.unitPrice);
    expect(unitPriceProblem("1.234")).toBe(moneyMessages.unitPrice);
    expect(unitPriceProblem("10000000000")).toBe(moneyMessages.unitPriceTooLarge);
    expect(unitPriceProblem("0")).toBeUndefined();
    expect(taxRateProblem("100.01")).toBe(moneyMessages.taxRate);
    expect(taxRateProblem("1.234")).toBe(moneyMessages.taxRate);
    expect(taxRateProblem(null)).toBeUndefined();
    expect(linesProblem([])).toBe(moneyMessages.linesRequired);
    expect(linesProblem(Array.from({ length: 201 }, () => ({ quantity: "1", unitPrice: "1" })))).toBe(moneyMessages.tooManyLines);
    expect(linesProblem([{ quantity: "9999999", unitPrice: "9999.99" }])).toBe(moneyMessages.totalTooLarge);
    expect(linesProblem([{ quantity: "1", unitPrice: "9999999999.99" }])).toBeUndefined();
    // An invalid line has its own message; the set is not priced with it.
    expect(linesProblem([{ quantity: "x", unitPrice: "-1" }])).toBeUndefined();
  });
});
