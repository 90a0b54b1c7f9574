import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as server from "@/shared/schemas/auth";
import { setupOwnerInputSchema } from "@/shared/schemas/setup";
import { expectChecksMatch, expectSameVerdict } from "@/web/lib/form-check-parity";
import { checkSetupOwner, checkChangeEmail, checkChangePassword, checkRequestReset, checkResetPassword, checkSignIn, checkSignUp, checkUpdateName } from "./auth-rules";
import { checkBackupCode, checkDisableTwoFactor, checkEnableTwoFactor, checkTotpCode } from "./two-factor-rules";

const texts = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("", " ", "  padded  ", "a", "12345", "123456", "x".repeat(128), "x".repeat(129), "x".repeat(200), " ".repeat(3) + "x".repeat(200), "x".repeat(201)) },
  { weight: 3, arbitrary: fc.constantFrom("a@b.co", " a@b.co", "Name@Example.COM", "a.b-c+d@sub.example.org", "a@b", "a@@b.co", "not-an-email", ".a@b.co", "a.@b.co", `${"m".repeat(249)}@b.co`, `${"m".repeat(248)}@b.co`, `${"m".repeat(260)}@b.co`, "ü@b.co") },
  fc.constantFrom("Ada\u0000", " \u0000 ", `${"x".repeat(201)}\u0000`),
  fc.string(),
  fc.emailAddress(),
  fc.string({ minLength: 190, maxLength: 260 }),
);

describe("the sign-in page's checks", () => {
  it("match the server's sign-in schema: verdict, message per field, output", () => {
    expectChecksMatch(fc.record({ email: texts, password: texts }), checkSignIn, server.signInInputSchema, 3_000);
  });

  it("match the server's sign-up schema: verdict, message per field, output (the name trimmed)", () => {
    expectChecksMatch(fc.record({ name: texts, email: texts, password: texts }), checkSignUp, server.signUpInputSchema, 3_000);
  });

  it("match the server's setup owner schema (/setup, step 1): the sign-up rules plus the code, trimmed", () => {
    const codes = fc.oneof(texts, fc.constantFrom("ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-23", " abcd efgh ", "x".repeat(64), "x".repeat(65), ` ${"x".repeat(64)} `));
    expectChecksMatch(fc.record({ name: texts, email: texts, password: texts, code: codes }), checkSetupOwner, setupOwnerInputSchema, 3_000);
  });

  it("match the server's reset request schema", () => {
    expectChecksMatch(fc.record({ email: texts }), checkRequestReset, server.requestPasswordResetInputSchema, 2_000);
  });

  it("match the server's reset schema: the token from the link and the new password", () => {
    const tokens = fc.oneof(texts, fc.constantFrom("AbC123xyz", "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImEifQ.sig-_", "x".repeat(2048), "x".repeat(2049), "to ken", "tok\u0000en"));
    expectChecksMatch(fc.record({ token: tokens, newPassword: texts }), checkResetPassword, server.resetPasswordInputSchema, 2_000);
  });

  it("match the server's account page schemas: name, password change, address change", () => {
    fc.assert(
      fc.property(fc.record({ name: texts, currentPassword: texts, newPassword: texts, newEmail: texts }), ({ name, currentPassword, newPassword, newEmail }) => {
        expectSameVerdict(checkUpdateName, server.updateNameInputSchema, { name });
        expectSameVerdict(checkChangePassword, server.changePasswordInputSchema, { currentPassword, newPassword });
        expectSameVerdict(checkChangeEmail, server.changeEmailInputSchema, { newEmail, currentPassword });
      }),
      { numRuns: 2_000 },
    );
  });

  it("match the server's two-factor schemas: the password, the app's code, a backup code, both to turn it off", () => {
    const codes = fc.oneof(
      texts,
      fc.constantFrom("123456", " 123 456 ", "12345", "1234567", "12a456", "١٢٣٤٥٦", "AbCd1-23EfG", "abcde-12345", " abcde-12345 ", "abcde12345", "abcd-123456", "abcde-1234!", "123456\n"),
      fc.stringMatching(/^[0-9 ]{4,8}$/),
      fc.stringMatching(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/),
    );
    fc.assert(
      fc.property(fc.record({ password: texts, code: codes }), ({ password, code }) => {
        expectSameVerdict(checkEnableTwoFactor, server.enableTwoFactorInputSchema, { password });
        expectSameVerdict(checkTotpCode, server.verifyTotpInputSchema, { code });
        expectSameVerdict(checkBackupCode, server.verifyBackupCodeInputSchema, { code });
        expectSameVerdict(checkDisableTwoFactor, server.disableTwoFactorInputSchema, { password, code });
      }),
      { numRuns: 2_000 },
    );
  });

  it("say what the sign-up form shows for an empty name, a bad email and a short password", () => {
    expect(checkSignUp({ name: " ", email: "not-an-email", password: "12345" })).toEqual({
      ok: false,
      errors: { name: "Full name is required", email: "Enter a valid email address", password: "Password must be at least 6 characters" },
    });
  });
});
