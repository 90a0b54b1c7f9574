import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, sessions } from "../../db/schema";
import { confirm, confirmTokenIn, newAddress } from "../../test/mail/email-confirmation";
import type { TestClient } from "../../test/test-client";
import { serverWithInboxForFile } from "../../test/per-file";
import { expectFieldRefused } from "@/server/test/expect-problem";

/*
 * The links Better Auth signs (ADR 037): each must act on the account it was issued to and on no
 * other, whoever opens it. Better Auth 1.7.16 fixed links that worked for another account; these
 * tests hold Portico to that whatever version it runs.
 */

const { server, inbox } = serverWithInboxForFile();

const profileOf = async (id: string) =>
  (await server.deps.db.select({ email: profiles.email, emailVerified: profiles.emailVerified }).from(profiles).where(eq(profiles.id, id)))[0]!;
const sessionCount = async (userId: string) => (await server.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

/** Asks for `to` as the user's new address and answers the token of the link mailed there. */
async function changeLink(user: { client: TestClient; password: string }, to: string): Promise<string> {
  expect((await user.client.post("/api/auth/change-email", { newEmail: to, currentPassword: user.password })).status).toBe(200);
  return confirmTokenIn(await inbox.waitFor((mail) => mail.to.includes(to)));
}

describe("an address-change link", () => {
  it("does nothing for the account that took the old address after its owner moved on, which keeps its own", async () => {
    const owner = await server.createUser({ name: "Owner" });
    const oldAddress = owner.email;
    // A first request, left unconfirmed: its link names the old address and a mailbox the owner reads.
    const ownersMailbox = newAddress("owners-other-mailbox");
    const staleLink = await changeLink(owner, ownersMailbox);
    // The owner moves to another address, then someone signs up with the freed old one.
    const moved = newAddress("moved");
    expect((await confirm(owner.client, await changeLink(owner, moved))).status).toBe(200);
    const newcomer = await server.createUser({ name: "Newcomer", email: oldAddress });

    // The newcomer, signed in, opens the owner's earlier link (sent over by the owner, say).
    const opened = await confirm(newcomer.client, staleLink);
    expectFieldRefused(opened, "token");
    // Their address did not move to the owner's mailbox, from where its password could be reset.
    expect(await profileOf(newcomer.id)).toEqual({ email: oldAddress, emailVerified: false });
    expect((await newcomer.client.get("/api/me")).body.email).toBe(oldAddress);
    expect((await profileOf(owner.id)).email).toBe(moved);
  });

  it("opened by the account it was issued to after its address changed again, is refused and changes nothing", async () => {
    const owner = await server.createUser();
    const staleLink = await changeLink(owner, newAddress("first-choice"));
    const moved = newAddress("second-choice");
    expect((await confirm(owner.client, await changeLink(owner, moved))).status).toBe(200);

    const opened = await confirm(owner.client, staleLink);
    expectFieldRefused(opened, "token");
    expect((await profileOf(owner.id)).email).toBe(moved);
  });
});

describe("an e-mail verification link", () => {
  // Portico mails none (sign-up sends no verification mail, and the endpoint that sends one is
  // off), but Better Auth honours any it signed: one for account A, opened by account B, may at
  // most do for A what A's own click would, and nothing to B.
  it("for one account, opened by another, marks only the first one's address verified and signs nobody in", async () => {
    const a = await server.createUser({ name: "Link Owner" });
    const b = await server.createUser({ name: "Link Opener" });
    const token = await createEmailVerificationToken(server.deps.env.AUTH_SECRET, a.email, undefined, 3600, { userId: a.id });
    const aSessions = await sessionCount(a.id);

    const opened = await confirm(b.client, token);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("set-cookie")).toBeNull();
    expect(await profileOf(a.id)).toEqual({ email: a.email, emailVerified: true });
    expect(await profileOf(b.id)).toEqual({ email: b.email, emailVerified: false });
    expect(await sessionCount(a.id)).toBe(aSessions);
    expect((await b.client.get("/api/me")).body.email).toBe(b.email);
    // Signed out, the same link is refused before Better Auth sees it.
    expect((await confirm(server.anonymous(), token)).status).toBe(401);
  });
});
