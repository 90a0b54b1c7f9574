import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inviteMemberInputSchema } from "@/shared/schemas/member";
import { formatInstantDate } from "@/shared/format";
import { checkInvite } from "./invite-rules";
import { homeAfterAccepting, invitationStep } from "./invitation-steps";
import { canManageTeam, defaultInviteRole, expiryText } from "./team-rules";

describe("canManageTeam", () => {
  const companyId = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
  const otherId = "9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";

  it("lets admins and the company's owners manage its team, and nobody else", () => {
    expect(canManageTeam({ role: "admin", company: null }, companyId)).toBe(true);
    expect(canManageTeam({ role: "customer", company: { id: companyId, role: "owner" } }, companyId)).toBe(true);
    expect(canManageTeam({ role: "customer", company: { id: companyId, role: "member" } }, companyId)).toBe(false);
    expect(canManageTeam({ role: "customer", company: { id: otherId, role: "owner" } }, companyId)).toBe(false);
    expect(canManageTeam({ role: "customer", company: null }, companyId)).toBe(false);
  });
});

describe("defaultInviteRole", () => {
  it("makes a company's first contact its owner and later colleagues members", () => {
    expect(defaultInviteRole(0)).toBe("owner");
    expect(defaultInviteRole(1)).toBe("member");
    expect(defaultInviteRole(12)).toBe("member");
  });
});

describe("expiryText", () => {
  // Its words come from the catalogue: English, the source language, shows the messages as written.

  it("says when a pending invitation expires, or that it has", () => {
    const expiresAt = "2031-05-06T10:00:00.000Z";
    expect(expiryText({ expired: false, expiresAt })).toBe(`Expires ${formatInstantDate(expiresAt)}`);
    expect(expiryText({ expired: true, expiresAt })).toBe("Expired");
  });
});

describe("invitationStep", () => {
  const invitation = { email: "new.person@example.test", accountExists: false };

  it("offers the invited account to accept, whatever the case of its address", () => {
    expect(invitationStep(invitation, "new.person@example.test")).toBe("accept");
    expect(invitationStep(invitation, "New.Person@Example.TEST")).toBe("accept");
  });

  it("asks another signed-in account to sign out first", () => {
    expect(invitationStep(invitation, "someone.else@example.test")).toBe("other-address");
    expect(invitationStep({ ...invitation, accountExists: true }, "someone.else@example.test")).toBe("other-address");
  });

  it("asks a signed-out visitor to sign in when the address has an account, to sign up when not", () => {
    expect(invitationStep({ ...invitation, accountExists: true }, null)).toBe("sign-in");
    expect(invitationStep(invitation, null)).toBe("sign-up");
  });
});

describe("homeAfterAccepting", () => {
  it("sends a new company member to the dashboard and a new admin to the admin area", () => {
    expect(homeAfterAccepting({ company: { id: "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b", name: "Acme" } })).toBe("/dashboard");
    expect(homeAfterAccepting({ company: null })).toBe("/admin");
  });
});

describe("checkInvite", () => {
  const addresses = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("", " ", "a@b.co", " a@b.co", "Name@Example.COM", "a.b-c+d@sub.example.org", "a@b", "a@@b.co", "not-an-email", `${"m".repeat(249)}@b.co`, `${"m".repeat(248)}@b.co`, "ü@b.co") },
    fc.string(),
    fc.emailAddress(),
  );

  it("accepts and refuses the addresses the server's schema does, with its message and its lower-cased output", () => {
    fc.assert(
      fc.property(addresses, fc.constantFrom("owner", "member"), (email, role) => {
        const server = inviteMemberInputSchema.safeParse({ email, role });
        const ours = checkInvite(email, role);
        if (server.success) expect(ours).toEqual({ ok: true, value: server.data });
        else expect(ours).toEqual({ ok: false, error: server.error.issues[0]!.message });
      }),
      { numRuns: 3_000 },
    );
  });
});
