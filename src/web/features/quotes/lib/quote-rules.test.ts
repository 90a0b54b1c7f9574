import { describe, expect, it } from "vitest";
import { quoteMessages } from "@/shared/rules/quote";
import { acceptanceMessages } from "../components/answer-quote";
import { acceptanceProblems, addDays, defaultValidUntil, onAcceptance } from "./quote-rules";
import { fittedFontSize, PAD_HEIGHT, PAD_WIDTH, padPoint } from "./typed-signature";

/** The smallest PNG there is: 1×1, its eight signature bytes first. */
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

describe("a new quote's valid-until date", () => {
  it("is 30 days after today, across month, year and leap-day ends", () => {
    expect(defaultValidUntil("2026-12-03")).toBe("2027-01-02");
    expect(defaultValidUntil("2028-02-01")).toBe("2028-03-02");
    expect(defaultValidUntil("2027-02-01")).toBe("2027-03-03");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
  });
});

describe("what accepting a quote invoices", () => {
  const base = { depositPercent: null, depositAmount: null, deposit: null };

  it("is nothing, the full amount, or a deposit as a percent (read without trailing zeros) or an amount", () => {
    expect(onAcceptance({ ...base, invoicing: "none" })).toEqual({ kind: "none" });
    expect(onAcceptance({ ...base, invoicing: "full" })).toEqual({ kind: "full" });
    expect(onAcceptance({ ...base, invoicing: "deposit", depositPercent: "30.00", deposit: "390.00" })).toEqual({ kind: "depositPercent", percent: "30", deposit: "390.00" });
    expect(onAcceptance({ ...base, invoicing: "deposit", depositPercent: "12.50", deposit: "10.00" })).toMatchObject({ percent: "12.5" });
    expect(onAcceptance({ ...base, invoicing: "deposit", depositAmount: "500.00", deposit: "500.00" })).toEqual({ kind: "depositAmount", deposit: "500.00" });
  });
});

describe("the accept form's checks", () => {
  it("asks for a name, a signature image and the tick, by the server's messages", () => {
    expect(acceptanceProblems({ signerName: "  ", signature: null, accepted: false })).toEqual({ signerName: "signerName", signature: "signature", accept: "acceptTick" });
    expect(acceptanceProblems({ signerName: "x".repeat(201), signature: PNG, accepted: true })).toEqual({ signerName: "signerNameTooLong" });
  });

  it("shows each refusal in the server's words, word for word", () => {
    for (const [key, descriptor] of Object.entries(acceptanceMessages)) expect(descriptor.message).toBe(quoteMessages[key as keyof typeof acceptanceMessages]);
  });

  it("takes a PNG, and refuses text labelled as one", () => {
    expect(acceptanceProblems({ signerName: "Ada Lovelace", signature: PNG, accepted: true })).toEqual({});
    expect(acceptanceProblems({ signerName: "Ada Lovelace", signature: `data:image/png;base64,${btoa("not a png")}`, accepted: true })).toEqual({ signature: "signature" });
  });
});

describe("the signature pad's geometry", () => {
  it("fits a typed name on one line: 64 px for a short one, smaller for a long one, never under 16 px", () => {
    expect(fittedFontSize(() => 200)).toBe(64);
    expect(fittedFontSize(() => 1080)).toBe(50);
    expect(fittedFontSize(() => 100_000)).toBe(16);
  });

  it("maps a pointer on the pad shown at half size to the canvas's own pixels", () => {
    const rect = { left: 10, top: 20, width: PAD_WIDTH / 2, height: PAD_HEIGHT / 2 };
    expect(padPoint({ clientX: 10 + PAD_WIDTH / 4, clientY: 20 + PAD_HEIGHT / 4 }, rect)).toEqual({ x: PAD_WIDTH / 2, y: PAD_HEIGHT / 2 });
  });
});
