import { describe, expect, it } from "vitest";
import { checkoutMark, paymentStateOf } from "./payment-return";

describe("the return from the checkout", () => {
  const before = paymentStateOf({ status: "unpaid", amountDue: "100.00" });

  it("is the same state while the invoice is as it was before the checkout", () => {
    expect(paymentStateOf({ status: "unpaid", amountDue: "100.00" })).toBe(before);
  });

  it("differs once the amount due or the status changed", () => {
    expect(paymentStateOf({ status: "partially_paid", amountDue: "60.00" })).not.toBe(before);
    expect(paymentStateOf({ status: "paid", amountDue: "0.00" })).not.toBe(before);
  });

  it("keeps no mark where the browser has no session storage, so the page waits from what it loads", () => {
    const id = "8d0f6f7e-0000-4000-8000-000000000000";
    expect(checkoutMark(id, before)).toBeUndefined();
    expect(checkoutMark(id)).toBeUndefined();
  });
});
