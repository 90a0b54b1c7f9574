import { describe, expect, it } from "vitest";
import { invoiceMessages } from "@/shared/rules/invoice";
import { moneyMessages } from "@/shared/rules/money";
import { quoteMessages } from "@/shared/rules/quote";
import { checkQuoteForm, emptyQuoteForm, quoteFormResolver, type QuoteFormValues } from "./quote-form-values";

const today = "2026-12-03";
const company = "5f0c6d8e-4b7a-4c1e-9d2f-3a6b8c9d0e1f";
const filled = (changes: Partial<QuoteFormValues> = {}): QuoteFormValues => ({
  ...emptyQuoteForm(today),
  companyId: company,
  title: " Website redesign ",
  lines: [{ description: "Design", quantity: "2", unitPrice: "650", taxRate: "" }],
  ...changes,
});

describe("the quote form", () => {
  it("starts with one line, valid for 30 days, nothing invoiced on acceptance", () => {
    expect(emptyQuoteForm(today)).toMatchObject({ validUntil: "2027-01-02", invoicing: "none", invoiceStatus: "unpaid", lines: [{ quantity: "1" }] });
  });

  it("sends the trimmed fields, a 30 % deposit as its percent only, and an empty note as null", () => {
    const checked = checkQuoteForm(filled({ invoicing: "deposit", depositKind: "percent", depositPercent: " 30 ", depositAmount: "12" }), today);
    expect(checked).toEqual({
      ok: true,
      value: {
        companyId: company,
        title: "Website redesign",
        lines: [{ description: "Design", quantity: "2", unitPrice: "650", taxRate: null }],
        notes: null,
        terms: null,
        validUntil: "2027-01-02",
        invoicing: "deposit",
        depositPercent: "30",
        invoiceStatus: "unpaid",
      },
    });
  });

  it("sends neither deposit field without a deposit, and a single amount as one Services line", () => {
    const checked = checkQuoteForm(filled({ invoicing: "full", depositPercent: "30", lines: [], amount: "1200.50" }), today);
    expect(checked.ok && checked.value).toMatchObject({ invoicing: "full", lines: [{ description: "Services", quantity: "1", unitPrice: "1200.50", taxRate: null }] });
    expect(checked.ok && "depositPercent" in checked.value).toBe(false);
  });

  it("names each problem in the server's words: company, title, a line's figures, the date, the deposit", () => {
    const checked = checkQuoteForm(
      filled({
        companyId: "",
        title: "",
        lines: [{ description: "", quantity: "0", unitPrice: "1.234", taxRate: "101" }],
        validUntil: "2026-12-02",
        invoicing: "deposit",
        depositKind: "amount",
        depositAmount: "0",
      }),
      today,
    );
    expect(checked).toEqual({
      ok: false,
      problems: {
        companyId: quoteMessages.chooseCompany,
        title: quoteMessages.titleRequired,
        line: [{ description: moneyMessages.descriptionRequired, quantity: moneyMessages.quantity, unitPrice: moneyMessages.unitPrice, taxRate: moneyMessages.taxRate }],
        validUntil: quoteMessages.validUntilPast,
        depositAmount: quoteMessages.depositAmount,
      },
    });
    expect(checkQuoteForm(filled({ validUntil: "2027-02-30" }), today)).toMatchObject({ problems: { validUntil: quoteMessages.validUntil } });
    expect(checkQuoteForm(filled({ invoicing: "deposit", depositPercent: "0.5" }), today)).toMatchObject({ problems: { depositPercent: quoteMessages.depositPercent } });
    expect(checkQuoteForm(filled({ lines: [], amount: "" }), today)).toMatchObject({ problems: { amount: invoiceMessages.amountRequired } });
  });

  it("gives react-hook-form each line's error at its path, where the invoice's line editor reads it", async () => {
    const resolve = quoteFormResolver(() => today);
    const result = await resolve(filled({ lines: [{ description: "Design", quantity: "1", unitPrice: "x", taxRate: "" }] }), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({ lines: [{ unitPrice: { type: "validate", message: moneyMessages.unitPrice } }] });
  });
});
