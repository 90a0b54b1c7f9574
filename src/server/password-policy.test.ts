import { describe, expect, it } from "vitest";
import { contextWords, passwordProblem } from "./password-policy";

const context = { brandName: "Acme Studio", email: "jane.doe@example.test" };

describe("the password policy", () => {
  it("refuses the most common passwords whatever their case, and accepts an uncommon one", () => {
    for (const common of ["password", "PassWord", "letmein", "123456789"]) expect(passwordProblem(common, context)).toBe("common");
    expect(passwordProblem("correct-horse-1", context)).toBeUndefined();
  });

  it("holds more than the 3,000 most common passwords ASVS asks for, at the minimum length and above", () => {
    // Far down the ranked list (rank > 3,000) and still refused.
    expect(passwordProblem("sunflower1", context)).toBe("common");
  });

  it("refuses a password built from the brand, the product or the account's user name (the email before the @)", () => {
    for (const built of ["acme2026!", "MyStudioPass", "portico-rocks", "Jane-is-me-99"]) expect(passwordProblem(built, context)).toBe("context");
    expect(passwordProblem("example-1999", context)).toBeUndefined();
  });

  it("leaves out words too short to mean anything, so a short name does not forbid half the alphabet", () => {
    expect(contextWords({ brandName: "Al Bo", email: "al.bo@ex.io" })).toEqual(["portico"]);
    expect(passwordProblem("alphabet-soup-7", { brandName: "Al Bo", email: "al.bo@ex.io" })).toBeUndefined();
  });
});
