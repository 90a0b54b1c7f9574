import { describe, expect, it } from "vitest";
import { renderMail, type MailTemplate, type MailTemplateProps } from ".";

const frame = { brandName: "Portico", baseUrl: "https://portal.beispiel.test" };
const name = "Erika Mustermann";

/** Each template with props a German reader could get: values with no English word in them. */
const cases: { [K in MailTemplate]: { props: MailTemplateProps[K]; english: string; values: string[] } } = {
  "password-reset": {
    props: { name, url: "https://portal.beispiel.test/reset-password?token=abc&x=1", validForMinutes: 60 },
    english: "Reset your Portico password",
    values: [name, "60"],
  },
  "email-change": {
    props: { name, newEmail: "erika.neu@beispiel.test", url: "https://portal.beispiel.test/confirm-email?token=abc", validForMinutes: 30 },
    english: "Confirm your new Portico email address",
    values: [name, "erika.neu@beispiel.test", "30"],
  },
  invitation: {
    props: { invitedBy: "Max Mustermann", companyName: "Beispiel GmbH", token: "tok/en", validForDays: 7 },
    english: "You're invited to join Beispiel GmbH on Portico",
    values: ["Max Mustermann", "Beispiel GmbH", "https://portal.beispiel.test/invitation?token=tok%2Fen", "7"],
  },
  notification: {
    props: {
      name,
      about: "Anmeldung schlägt fehl",
      lines: ["Max hat den Status des Tickets Anmeldung schlägt fehl von Offen auf In Arbeit geändert", "Max hat Anmeldung schlägt fehl kommentiert"],
      url: "https://portal.beispiel.test/dashboard/tickets/1",
      optOut: { kind: "ticket_status", url: "https://portal.beispiel.test/unsubscribe?token=x" },
      preferencesUrl: "https://portal.beispiel.test/dashboard/account",
    },
    english: "2 updates on Anmeldung schlägt fehl",
    values: [name, "Anmeldung schlägt fehl", "Max hat Anmeldung schlägt fehl kommentiert", "https://portal.beispiel.test/unsubscribe?token=x", "https://portal.beispiel.test/dashboard/account"],
  },
  "notification-digest": {
    props: {
      name,
      sections: [
        { about: "Anmeldung schlägt fehl", url: "https://portal.beispiel.test/dashboard/tickets/1", lines: ["Max hat Anmeldung schlägt fehl kommentiert"] },
        { about: "Relaunch", url: "https://portal.beispiel.test/dashboard/projects/relaunch", lines: ["Neues Projekt Relaunch"] },
      ],
      portalUrl: "https://portal.beispiel.test/dashboard",
      optOut: [
        { kind: "comment_reply", url: "https://portal.beispiel.test/unsubscribe?token=a" },
        { kind: "project_created", url: "https://portal.beispiel.test/unsubscribe?token=b" },
      ],
      preferencesUrl: "https://portal.beispiel.test/dashboard/account",
    },
    english: "Your Portico summary: 2 updates",
    values: [name, "Relaunch", "Neues Projekt Relaunch", "https://portal.beispiel.test/dashboard/projects/relaunch", "https://portal.beispiel.test/unsubscribe?token=b"],
  },
  "webhook-disabled": {
    props: { name, endpointUrl: "https://hooks.beispiel.test/eingang?a=1&b=2", attempts: 7 },
    english: "A Portico webhook endpoint was switched off",
    values: [name, "https://hooks.beispiel.test/eingang?a=1&b=2", "https://portal.beispiel.test/admin/webhooks", "7"],
  },
  "payment-receipt": {
    props: { name, invoiceId: "7f3c", invoiceNumber: "RE-2026-0042", amount: "1234.50", amountDue: "65.50", currency: "EUR", paidOn: "2026-03-05" },
    english: "Receipt for invoice RE-2026-0042",
    // Amounts and dates as German writes them.
    values: [name, "RE-2026-0042", "1.234,50\u00a0€", "65,50\u00a0€", "5. März 2026", "https://portal.beispiel.test/dashboard/invoices/7f3c"],
  },
};

/** Words of the English mail that German writes otherwise ("Team", "Link", "Browser", "Mail" and "Ticket" it writes alike). */
const ENGLISH = /\b(the|you|your|you're|and|if|this|to|of|on|with|from|hello|button|does|not|copy|address|settings|updates?|summary|invited|join|open|stop|password|reset|confirm|new|sign|account|switched|off|events|delivery|daily|once|minutes|days|invitation|accept|changes|someone|hopefully)\b/i;
const withoutAddresses = (text: string) => text.replace(/https?:\/\/\S+/g, " ").replace(/\S+@\S+/g, " ");

const entries = Object.entries(cases) as [MailTemplate, (typeof cases)[MailTemplate]][];

describe("a mail rendered in German", () => {
  it.each(entries)("%s: has no English sentence left, and keeps its values and links", async (template, { props, values }) => {
    const mail = await renderMail(template, props as never, frame, "de");
    expect(mail.html).toContain('lang="de"');
    // The preview line is in the HTML only (mail clients show it beside the subject).
    const preview = /data-skip-in-text="true">([^<]*)</.exec(mail.html)?.[1];
    expect(preview).toBeTruthy();
    for (const [part, text] of Object.entries({ subject: mail.subject, preview: preview!, text: mail.text })) {
      expect(withoutAddresses(text), `${template} ${part}: ${text}`).not.toMatch(ENGLISH);
      expect(text, `${template} ${part}`).not.toMatch(/[{}]/);
    }
    for (const value of values) {
      expect(mail.text, value).toContain(value);
      expect(mail.html, value).toContain(value.replaceAll("&", "&amp;"));
    }
    const english = await renderMail(template, props as never, frame, "en");
    const links = (text: string) => text.match(/https?:\/\/\S+/g)?.sort();
    expect(links(mail.text)).toEqual(links(english.text));
  });

  it("writes a subject as German does, in the singular too", async () => {
    const subject = async <K extends MailTemplate>(template: K, props: MailTemplateProps[K]) => (await renderMail(template, props, frame, "de")).subject;
    expect(await subject("password-reset", cases["password-reset"].props)).toBe("Ihr Passwort für Portico zurücksetzen");
    expect(await subject("invitation", { ...cases.invitation.props, companyName: null })).toBe("Sie sind eingeladen, dem Team von Portico beizutreten");
    expect(await subject("notification", cases.notification.props)).toBe("2 Neuigkeiten zu Anmeldung schlägt fehl");
    const oneLine = { ...cases["notification-digest"].props, sections: cases["notification-digest"].props.sections.slice(0, 1) };
    expect(await subject("notification-digest", oneLine)).toBe("Ihre Zusammenfassung von Portico: 1 Neuigkeit");
    expect(await subject("payment-receipt", cases["payment-receipt"].props)).toBe("Quittung für Rechnung RE-2026-0042");
  });

  it("says a receipt's invoice is paid in full when nothing is left due", async () => {
    const paid = { ...cases["payment-receipt"].props, amountDue: "0.00" };
    expect((await renderMail("payment-receipt", paid, frame, "de")).text).toContain("Die Rechnung ist damit vollständig bezahlt.");
    const english = await renderMail("payment-receipt", paid, frame, "en");
    expect(english.text).toContain("We received €1,234.50 on March 5, 2026 for invoice RE-2026-0042. The invoice is now paid in full.");
    expect(english.text).not.toContain("still due");
  });
});

describe("a mail rendered in English", () => {
  it.each(entries)("%s: is as it always was", async (template, { props, english }) => {
    const mail = await renderMail(template, props as never, frame, "en");
    expect(mail.html).toContain('lang="en"');
    expect(mail.subject).toBe(english);
    expect(mail.text).toContain(`If the button does not work, copy this address into your browser: https://portal.beispiel.test/`);
  });
});
