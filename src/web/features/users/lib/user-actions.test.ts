import { describe, expect, it } from "vitest";
import { stepsFor } from "./user-actions";

const customer = { status: "active", role: "customer", twoFactorEnabled: false } as const;
const admin = { status: "active", role: "admin", twoFactorEnabled: true } as const;

describe("stepsFor", () => {
  it("offers a customer a reset mail, signing out everywhere, deactivation, promotion and a move", () => {
    expect(stepsFor(customer, false)).toEqual(["password-reset", "sign-out", "deactivate", "promote", "move"]);
  });

  it("offers a deactivated account reactivation instead, and no reset mail", () => {
    expect(stepsFor({ ...customer, status: "deactivated" }, false)).toEqual(["reactivate", "promote", "move"]);
  });

  it("offers another admin signing out everywhere, demotion and, when it is on, two-factor removal", () => {
    expect(stepsFor(admin, false)).toEqual(["password-reset", "sign-out", "deactivate", "demote", "remove-two-factor"]);
  });

  it("offers the caller nothing against their own account but a reset mail", () => {
    expect(stepsFor(admin, true)).toEqual(["password-reset"]);
  });
});
