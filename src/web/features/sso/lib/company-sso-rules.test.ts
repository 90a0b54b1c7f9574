import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companySsoInputSchema } from "@/shared/schemas/single-sign-on";
import { checkCompanySso, domainsOf } from "./company-sso-rules";

const issuers = fc.oneof(
  fc.constantFrom("", " ", "https://login.example.com", " https://login.example.com/realms/acme ", "http://127.0.0.1:8080", "http://localhost/x", "http://login.example.com", "ftp://x.example", "https://u:p@x.example", "https://x.example/?q=1", "not a url", `https://${"x".repeat(500)}.example`),
  fc.webUrl({ validSchemes: ["https", "http"] }),
  fc.string(),
);
const texts = fc.oneof(fc.constantFrom("", " ", "portico", " portico ", "x".repeat(255), "x".repeat(256), "a\u0001b"), fc.string());
const domains = fc.oneof(
  fc.constantFrom("", "example.com", "Example.COM\nacme.test", "acme.test, acme.test", "a..b", "-a.test", "acme", "x.y.z.example", Array.from({ length: 21 }, (_, i) => `d${i}.test`).join("\n")),
  fc.array(fc.domain(), { maxLength: 4 }).map((list) => list.join("\n")),
  fc.string(),
);

describe("the admin's single sign-on form checks", () => {
  it("give the server schema's verdict on what the form sends", () => {
    fc.assert(
      fc.property(fc.record({ issuer: issuers, clientId: texts, clientSecret: texts, domains, ssoOnly: fc.constantFrom("", "on") }), (values) => {
        const sent = {
          issuer: values.issuer,
          clientId: values.clientId,
          ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
          domains: domainsOf(values.domains),
          ssoOnly: values.ssoOnly === "on",
        };
        expect(checkCompanySso(values, true).ok, JSON.stringify(values)).toBe(companySsoInputSchema.safeParse(sent).success);
      }),
      { numRuns: 2_000 },
    );
  });

  it("ask for the secret only when none is saved", () => {
    const values = { issuer: "https://login.example.com", clientId: "portico", clientSecret: "", domains: "acme.test", ssoOnly: "" };
    expect(checkCompanySso(values, true).ok).toBe(true);
    expect(checkCompanySso(values, false)).toMatchObject({ ok: false, errors: { clientSecret: "Enter the client secret" } });
  });
});
