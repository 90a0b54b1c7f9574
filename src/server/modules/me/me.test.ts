import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companies, companyUsers, profiles } from "../../db/schema";
import { serverForFile } from "@/server/test/per-file";

const server = serverForFile();

describe("GET /api/me", () => {
  it("answers 401 problem+json to an anonymous caller", async () => {
    const response = await server.anonymous().get("/api/me");
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.body).toEqual({ type: "about:blank", title: "Unauthorized", status: 401, detail: "Sign in to continue", requestId: expect.any(String) });
  });

  it("describes a customer without a company", async () => {
    const user = await server.createUser({ name: "Cus Tomer" });
    const response = await user.client.get("/api/me");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ id: user.id, name: "Cus Tomer", email: user.email, role: "customer", company: null, twoFactor: { enabled: false, required: false }, locale: null });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("includes the customer's company", async () => {
    const user = await server.createUser();
    const [company] = await server.deps.db.insert(companies).values({ name: "Acme Ltd" }).returning();
    await server.deps.db.insert(companyUsers).values({ userId: user.id, companyId: company!.id, role: "owner" });
    expect((await user.client.get("/api/me")).body.company).toEqual({ id: company!.id, name: "Acme Ltd", role: "owner" });
  });

  it("describes an admin", async () => {
    const admin = await server.createUser({ admin: true });
    expect((await admin.client.get("/api/me")).body.role).toBe("admin");
  });
});

describe("PUT /api/me/locale", () => {
  it("saves the caller's language, which /api/me then answers, and null goes back to the browser's", async () => {
    const user = await server.createUser();
    expect((await user.client.get("/api/me")).body.locale).toBeNull();

    const picked = await user.client.put("/api/me/locale", { locale: "de" });
    expect(picked.status).toBe(200);
    expect(picked.body).toEqual({ locale: "de" });
    expect((await user.client.get("/api/me")).body.locale).toBe("de");

    expect((await user.client.put("/api/me/locale", { locale: null })).body).toEqual({ locale: null });
    expect((await user.client.get("/api/me")).body.locale).toBeNull();
  });

  it("refuses a language Portico does not speak with 400 naming the field, and keeps the choice", async () => {
    const user = await server.createUser();
    await user.client.put("/api/me/locale", { locale: "de" });
    const refused = await user.client.put("/api/me/locale", { locale: "fr" });
    expect(refused.status).toBe(400);
    expect(refused.problem.errors?.map((error) => error.field)).toEqual(["locale"]);
    expect((await user.client.get("/api/me")).body.locale).toBe("de");
  });

  it("changes only the caller's own choice", async () => {
    const [one, other] = await Promise.all([server.createUser(), server.createUser()]);
    await one.client.put("/api/me/locale", { locale: "de" });
    expect((await other.client.get("/api/me")).body.locale).toBeNull();
  });
});

describe("the browser's language, for mail until the user picks one", () => {
  const browserLocale = async (id: string) => (await server.deps.db.select({ value: profiles.browserLocale }).from(profiles).where(eq(profiles.id, id)))[0]!.value;
  const signIn = (user: Awaited<ReturnType<typeof server.createUser>>, acceptLanguage?: string) =>
    server.anonymous().request("POST", "/api/auth/sign-in/email", { email: user.email, password: user.password }, acceptLanguage ? { "accept-language": acceptLanguage } : {});

  it("is recorded from Accept-Language at sign-in: the first language Portico speaks", async () => {
    const user = await server.createUser();
    expect((await signIn(user, "fr-CH, de;q=0.9, en;q=0.8")).status).toBe(200);
    expect(await browserLocale(user.id)).toBe("de");
    await signIn(user, "en-GB");
    expect(await browserLocale(user.id)).toBe("en");
  });

  it("is kept when a sign-in sends no Accept-Language, and never becomes the user's pick", async () => {
    const user = await server.createUser();
    await signIn(user, "de-AT");
    await signIn(user);
    expect(await browserLocale(user.id)).toBe("de");
    expect((await user.client.get("/api/me")).body.locale).toBeNull();
  });
});
