import { describe, expect, it } from "vitest";
import { REDACTED_LINK, redactedText } from "./redaction";
import { renderMail, type MailTemplate, type MailTemplateProps } from "./templates";

const frame = { brandName: "Portico", baseUrl: "https://portal.example" };
const secret = (path: string) => `${frame.baseUrl}${path}?token=s3cr3t-${path.length}`;

/** One mail of each template, with every link that carries a secret filled in. */
const mails: { [K in MailTemplate]: { props: MailTemplateProps[K]; secrets: string[] } } = {
  "password-reset": { props: { name: "Ada", url: secret("/reset-password"), validForMinutes: 60 }, secrets: ["s3cr3t-15"] },
  "email-change": { props: { name: "Ada", newEmail: "ada@new.example", url: secret("/confirm-email"), validForMinutes: 60 }, secrets: ["s3cr3t-14"] },
  invitation: { props: { invitedBy: "Ada", companyName: "Acme", token: "inv1tat10n-secret", validForDays: 7 }, secrets: ["inv1tat10n-secret"] },
  notification: {
    props: { name: "Ada", about: "Printer", lines: ["Status: Done"], url: `${frame.baseUrl}/dashboard/tickets/1`, optOut: { kind: "ticket_status", url: secret("/unsubscribe") }, preferencesUrl: `${frame.baseUrl}/dashboard/account` },
    secrets: ["s3cr3t-12"],
  },
  "notification-digest": {
    props: {
      name: "Ada",
      sections: [{ about: "Printer", url: `${frame.baseUrl}/dashboard/tickets/1`, lines: ["Status: Done"] }],
      portalUrl: `${frame.baseUrl}/dashboard`,
      optOut: [{ kind: "ticket_status", url: `${secret("/unsubscribe")}a` }, { kind: "comment_reply", url: `${secret("/unsubscribe")}b` }],
      preferencesUrl: `${frame.baseUrl}/dashboard/account`,
    },
    secrets: ["s3cr3t-12a", "s3cr3t-12b"],
  },
  "webhook-disabled": { props: { name: "Ada", endpointUrl: "https://hooks.example/x", attempts: 20 }, secrets: [] },
  "payment-receipt": { props: { name: "Ada", invoiceId: "1", invoiceNumber: "INV-1", amount: "40.00", amountDue: "60.00", currency: "USD", paidOn: "2026-03-05" }, secrets: [] },
};

describe("the outbox's copy of each mail", () => {
  for (const template of Object.keys(mails) as MailTemplate[]) {
    it(`${template}: holds no secret link, and keeps the rest of the text`, async () => {
      const { props, secrets } = mails[template];
      const rendered = await renderMail(template, props as never, frame, "en");
      for (const value of secrets) expect(rendered.text).toContain(value);
      const shown = redactedText(template, props as never, frame, rendered.text);
      for (const value of secrets) expect(shown).not.toContain(value);
      expect(shown.includes(REDACTED_LINK)).toBe(secrets.length > 0);
      expect(shown).toContain(`Portico · ${frame.baseUrl}`);
    });
  }

  it("refuses to redact a text that does not hold the secret link as given", () => {
    expect(() => redactedText("password-reset", { name: "Ada", url: secret("/reset-password"), validForMinutes: 60 }, frame, "Reset: https://portal.example/reset-password?token=s3cr3t&amp;x")).toThrow(
      /cannot be redacted/,
    );
  });
});
