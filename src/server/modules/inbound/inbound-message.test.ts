import { describe, expect, it } from "vitest";
import { dropReasonOf, InboundMailError, parseInboundMail } from "./inbound-message";

/** The domain of Portico's own Message-IDs in these tests (MESSAGE_ID_DOMAIN). */
const OWN_DOMAIN = "mail.portico.example";
const LIMIT = { maxBytes: 1024 * 1024 };

/** A mail as it comes over the wire: CRLF line ends. */
const eml = (lines: string) => lines.replace(/\r?\n/g, "\r\n");
const parse = (source: string) => parseInboundMail(eml(source), LIMIT);

const PASSED = "mx.portico.example; spf=pass smtp.mailfrom=example.com; dkim=pass header.d=example.com header.s=s1; dmarc=pass header.from=example.com";

interface ReplyParts {
  headers?: string[];
  from?: string;
  subject?: string;
  messageId?: string;
  returnPath?: string | null;
  authenticationResults?: string[];
  contentType?: string;
  body?: string;
}

/** A plain reply to one of Portico's notification mails, as a mail client sends it; each part can be replaced. */
function reply(parts: ReplyParts = {}): string {
  const {
    headers = [],
    from = "Anna Berger <anna.berger@example.com>",
    subject = 'Re: [Portico] New comment on ticket #42 "Invoice address"',
    messageId = "<20261201100501.4711@mail.example.com>",
    returnPath = "<anna.berger@example.com>",
    authenticationResults = [PASSED],
    contentType = "text/plain; charset=utf-8",
    body = "Thanks, that works for me.",
  } = parts;
  return [
    ...(returnPath === null ? [] : [`Return-Path: ${returnPath}`]),
    "Delivered-To: reply+t42.k3@in.portico.example",
    ...authenticationResults.map((results) => `Authentication-Results: ${results}`),
    ...headers,
    `From: ${from}`,
    "To: Portico <reply+t42.k3@in.portico.example>",
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    "In-Reply-To: <0b9c5d1e-7f00-4c1a-9d7e-2f6b1c0a9e11@mail.portico.example>",
    "References: <0b9c5d1e-7f00-4c1a-9d7e-2f6b1c0a9e11@mail.portico.example>",
    "Date: Mon, 1 Dec 2026 11:05:01 +0100",
    "MIME-Version: 1.0",
    `Content-Type: ${contentType}`,
    "",
    body,
    "",
  ].join("\n");
}

/** The text read from a reply whose body is `body`. */
const textOf = async (body: string) => (await parse(reply({ body }))).text;

const GMAIL_REPLY = `Delivered-To: reply+t42.k3@in.portico.example
Received: from mail-wr1-f41.google.com (mail-wr1-f41.google.com [209.85.221.41])
	by mx.portico.example (Postfix) with ESMTPS id 4Q7xYz1k2Lz9s
	for <reply+t42.k3@in.portico.example>; Mon,  1 Dec 2026 10:05:12 +0000 (UTC)
Return-Path: <anna.berger@gmail.com>
Authentication-Results: mx.portico.example;
	dkim=pass (2048-bit key; unprotected) header.d=gmail.com header.i=@gmail.com header.a=rsa-sha256 header.s=20230601 header.b=Kx3Yb2Qa;
	spf=pass (mx.portico.example: domain of anna.berger@gmail.com designates 209.85.221.41 as permitted sender) smtp.mailfrom=anna.berger@gmail.com;
	dmarc=pass (p=NONE sp=QUARANTINE dis=NONE) header.from=gmail.com
DKIM-Signature: v=1; a=rsa-sha256; c=relaxed/relaxed; d=gmail.com; s=20230601; t=1764583501;
	h=cc:to:subject:message-id:date:from:in-reply-to:references:mime-version;
	bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=; b=Kx3Yb2Qa
MIME-Version: 1.0
References: <7d1e2f00-0000-4000-8000-00000000a001@mail.portico.example>
 <0b9c5d1e-7f00-4c1a-9d7e-2f6b1c0a9e11@mail.portico.example>
In-Reply-To: <0b9c5d1e-7f00-4c1a-9d7e-2f6b1c0a9e11@mail.portico.example>
From: Anna Berger <Anna.Berger@gmail.com>
Date: Mon, 1 Dec 2026 11:05:01 +0100
Message-ID: <CAF=x9Lm4h2pQ_3e+Zz7rT0vYw@mail.gmail.com>
Subject: Re: [Portico] New comment on ticket #42 "Invoice address"
To: Portico <Reply+t42.k3@in.portico.example>
Cc: Bob Admin <bob@example.com>, anna.berger@gmail.com
Content-Type: multipart/alternative; boundary="000000000000a1b2c3d4e5f60718"

--000000000000a1b2c3d4e5f60718
Content-Type: text/plain; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

Thanks, the new address is fine.

Could you send the corrected invoice again? =E2=82=AC 120 is right.

--=20
Anna Berger
Example GmbH

On Mon, 1 Dec 2026 at 10:00, Portico <notifications@portico.example> wrote:

> Bob Admin commented on ticket #42 "Invoice address":
>
> Please confirm the new invoice address.
>
> Reply to this mail to comment, or open the ticket:
> https://portico.example/tickets/42
>

--000000000000a1b2c3d4e5f60718
Content-Type: text/html; charset="UTF-8"
Content-Transfer-Encoding: quoted-printable

<div dir=3D"ltr">Thanks, the new address is fine.<div><br></div><div>Could =
you send the corrected invoice again? =E2=82=AC 120 is right.</div><div><br=
></div><span class=3D"gmail_signature_prefix">-- </span><br><div dir=3D"ltr=
" class=3D"gmail_signature">Anna Berger<br>Example GmbH</div></div><br><div=
 class=3D"gmail_quote"><div dir=3D"ltr" class=3D"gmail_attr">On Mon, 1 Dec =
2026 at 10:00, Portico &lt;<a href=3D"mailto:notifications@portico.example"=
>notifications@portico.example</a>&gt; wrote:<br></div><blockquote class=3D=
"gmail_quote">Bob Admin commented on ticket #42 &quot;Invoice address&quot;=
:<br><br>Please confirm the new invoice address.</blockquote></div>

--000000000000a1b2c3d4e5f60718--
`;

const GMAIL_GERMAN_REPLY = reply({
  subject: "Re: [Portico] Neuer Kommentar zu Ticket #42",
  contentType: 'text/plain; charset="UTF-8"',
  headers: ["Content-Transfer-Encoding: quoted-printable"],
  body: `Danke, die neue Adresse passt so.

Viele Gr=C3=BC=C3=9Fe
Anna

--=20
Anna Berger | Example GmbH
Hauptstra=C3=9Fe 1, 10115 Berlin

Am Mo., 1. Dez. 2026 um 10:00 Uhr schrieb Portico Benachrichtigungen <
notifications@portico.example>:

> Bob Admin hat Ticket #42 kommentiert:
>
> Bitte best=C3=A4tigen Sie die neue Rechnungsadresse.
>`,
});

const OUTLOOK_REPLY = reply({
  from: '"Berger, Anna" <anna.berger@example.com>',
  headers: ["X-Mailer: Microsoft Outlook 16.0", "Thread-Index: AQHbQ2xk1b2c3d4e5f6g7h8i9j0=="],
  body: `Yes, please go ahead with the change.

Kind regards
Anna

From: Portico <notifications@portico.example>
Sent: Monday, December 1, 2026 10:00 AM
To: Berger, Anna <anna.berger@example.com>
Subject: [Portico] New comment on ticket #42 "Invoice address"

Bob Admin commented on ticket #42 "Invoice address":

Please confirm the new invoice address.`,
});

describe("parseInboundMail", () => {
  it("reads a Gmail reply: its addresses, thread and only the new text, without the quoted mail and the signature", async () => {
    const message = await parse(GMAIL_REPLY);

    expect(message).toMatchObject({
      from: "anna.berger@gmail.com",
      subject: 'Re: [Portico] New comment on ticket #42 "Invoice address"',
      messageId: "<CAF=x9Lm4h2pQ_3e+Zz7rT0vYw@mail.gmail.com>",
      inReplyTo: "<0b9c5d1e-7f00-4c1a-9d7e-2f6b1c0a9e11@mail.portico.example>",
      references: ["<7d1e2f00-0000-4000-8000-00000000a001@mail.portico.example>", "<0b9c5d1e-7f00-4c1a-9d7e-2f6b1c0a9e11@mail.portico.example>"],
      attachments: [],
    });
    expect(message.recipients).toEqual(["reply+t42.k3@in.portico.example", "bob@example.com", "anna.berger@gmail.com"]);
    expect(message.text).toBe("Thanks, the new address is fine.\n\nCould you send the corrected invoice again? € 120 is right.");
    expect(message.headers.authenticationResults).toHaveLength(1);
    expect(message.headers.authenticationResults[0]).toMatch(/^mx\.portico\.example; dkim=pass .* header\.from=gmail\.com$/);
    expect(dropReasonOf(message, OWN_DOMAIN)).toBeNull();
  });

  it("cuts an Outlook reply at its From/Sent/To/Subject block and drops the greeting below the text", async () => {
    const message = await parse(OUTLOOK_REPLY);

    expect(message.from).toBe("anna.berger@example.com");
    expect(message.text).toBe("Yes, please go ahead with the change.");
    expect(dropReasonOf(message, OWN_DOMAIN)).toBeNull();
  });

  it("cuts an Outlook header block whose From line has no address and follows the text without a blank line", async () => {
    const message = await parse(
      reply({
        body: `Approved.
From: Portico
Sent: Monday, December 1, 2026 10:00 AM
To: Anna Berger
Cc: Bob Admin
Subject: [Portico] Invoice INV-2026-0042 is ready

Your invoice INV-2026-0042 over EUR 120.00 is ready.`,
      }),
    );

    expect(message.text).toBe("Approved.");
  });

  it("cuts a German Outlook header block (Von, Gesendet, An, Betreff)", async () => {
    const message = await parse(
      reply({
        body: `Passt, danke.

Von: Portico Benachrichtigungen
Gesendet: Montag, 1. Dezember 2026 10:00
An: Berger, Anna
Betreff: [Portico] Neuer Kommentar zu Ticket #42

Bob Admin hat Ticket #42 kommentiert.`,
      }),
    );

    expect(message.text).toBe("Passt, danke.");
  });

  it('cuts at "-----Original Message-----" right below the text', async () => {
    const message = await parse(
      reply({
        body: `Sounds good, thanks.
-----Original Message-----
From: Portico [mailto:notifications@portico.example]
Sent: Monday, December 1, 2026 10:00 AM
To: Anna Berger
Subject: [Portico] New comment on ticket #42

Bob Admin commented on ticket #42.`,
      }),
    );

    expect(message.text).toBe("Sounds good, thanks.");
  });

  it('reads a German Gmail reply: the "Am … schrieb …:" line wrapped onto two lines, the quote, the signature and the greeting go', async () => {
    const message = await parse(GMAIL_GERMAN_REPLY);

    expect(message.subject).toBe("Re: [Portico] Neuer Kommentar zu Ticket #42");
    expect(message.text).toBe("Danke, die neue Adresse passt so.");
  });

  it.each(["Viele Grüße", "Mit freundlichen Grüßen"])('cuts the German closing "%s" and the name and company below it at the end of the reply', async (closing) => {
    expect(await textOf(`Danke, das passt so.\n\n${closing}\nAnna Berger\nBerger GmbH`)).toBe("Danke, das passt so.");
  });

  it.each(["Beste Grüße", "Liebe Grüße,", "Schöne Grüße.", "Gruß", "VG", "MfG", "mit freundlichen grüßen,", "Viele Grüsse", "Viele Gru\u0308ße", "  Liebe  Grüße  "])(
    'cuts the closing "%s" with up to three short lines below it',
    async (closing) => {
      expect(await textOf(`Bitte die Rechnung noch einmal schicken.\n\n${closing}\nAnna Berger\nBerger GmbH\nTel. +49 30 1234567`)).toBe("Bitte die Rechnung noch einmal schicken.");
    },
  );

  it('cuts the English closings, "Thanks" and "Best" as the reply parser does "… regards" and "Cheers"', async () => {
    const closings = ["Best regards", "Kind regards,", "Regards", "Thanks,", "Cheers", "Best,"];
    const texts = await Promise.all(closings.map((closing) => textOf(`Please send the invoice again.\n\n${closing}\nAnna Berger\nExample GmbH`)));

    expect(texts).toEqual(closings.map(() => "Please send the invoice again."));
  });

  it("keeps a closing followed by more than a signature: a longer paragraph, or a fourth line", async () => {
    const paragraph = "PS: Die Lieferadresse hat sich ebenfalls geändert, bitte ab sofort an das Lager in der Hafenstraße 12 liefern.";
    const followed = `Danke, das passt so.\n\nViele Grüße\n\n${paragraph}`;
    const fourLines = "Danke.\n\nViele Grüße\nAnna Berger\nBerger GmbH\nHauptstraße 1\n10115 Berlin";

    for (const body of [followed, fourLines]) expect(await textOf(body)).toBe(body);
  });

  it("keeps a closing in the middle of a line, and one that is the whole reply", async () => {
    const inline = "Danke und viele Grüße\nAnna";
    const only = await parse(reply({ body: "Thanks.\nAnna" }));

    expect(await textOf(inline)).toBe(inline);
    expect(only.text).toBe("Thanks.\nAnna");
    expect(dropReasonOf(only, OWN_DOMAIN)).toBeNull();
  });

  it('strips a one-line "Am … schrieb …:" and an "On … wrote:" that follow the text without a blank line', async () => {
    expect(await textOf("Erledigt.\nAm Mo., 1. Dez. 2026 um 10:00 Uhr schrieb Portico <notifications@portico.example>:\n> Bitte bestätigen.")).toBe("Erledigt.");
    expect(await textOf("Done.\nOn Mon, 1 Dec 2026 at 10:00, Portico <notifications@portico.example> wrote:\n> Please confirm.")).toBe("Done.");
  });

  it("keeps the answers of a reply written between the quoted lines and drops the quotes", async () => {
    const message = await parse(
      reply({
        body: `On Mon, 1 Dec 2026 at 10:00, Portico <notifications@portico.example> wrote:
> Which address should the invoice go to?

To Example GmbH, Hauptstrasse 1, Berlin.

> And by when do you need it?

By Friday, please.`,
      }),
    );

    expect(message.text).toBe("To Example GmbH, Hauptstrasse 1, Berlin.\nBy Friday, please.");
  });

  it("converts an HTML-only Gmail reply to text and strips its quote and signature", async () => {
    const html = `<div dir="ltr">Thanks, the new address is <b>fine</b>.<div><br></div><div>Could you send the corrected invoice again?</div><div><br></div><span class="gmail_signature_prefix">-- </span><br><div dir="ltr" class="gmail_signature">Anna Berger<br>Example GmbH</div></div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Mon, 1 Dec 2026 at 10:00, Portico &lt;<a href="mailto:notifications@portico.example">notifications@portico.example</a>&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">Bob Admin commented on ticket #42:<br><br>Please confirm the new invoice address.</blockquote></div>`;
    const message = await parse(reply({ contentType: 'text/html; charset="UTF-8"', body: html }));

    expect(message.text).toBe("Thanks, the new address is fine.\n\nCould you send the corrected invoice again?");
  });

  it("converts an HTML-only Outlook reply to text and cuts it at the header block", async () => {
    const html = `<html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body lang="DE" link="#0563C1"><div class="WordSection1"><p class="MsoNormal">Yes, please go ahead.<o:p></o:p></p><p class="MsoNormal"><o:p>&nbsp;</o:p></p><div><div style="border:none;border-top:solid #E1E1E1 1.0pt;padding:3.0pt 0cm 0cm 0cm"><p class="MsoNormal"><b>From:</b> Portico &lt;notifications@portico.example&gt; <br><b>Sent:</b> Monday, December 1, 2026 10:00 AM<br><b>To:</b> Anna Berger &lt;anna.berger@example.com&gt;<br><b>Subject:</b> [Portico] New comment on ticket #42<o:p></o:p></p></div></div><p class="MsoNormal">Bob Admin commented: please confirm.<o:p></o:p></p></div></body></html>`;
    const message = await parse(reply({ contentType: 'text/html; charset="utf-8"', body: html }));

    expect(message.text).toBe("Yes, please go ahead.");
  });

  it("takes the text/plain part of a multipart/alternative mail rather than the HTML one", async () => {
    const message = await parse(
      reply({
        contentType: 'multipart/alternative; boundary="alt"',
        body: `--alt
Content-Type: text/plain; charset=utf-8

Words of the plain part.

--alt
Content-Type: text/html; charset=utf-8

<p>Words of the HTML part.</p>
--alt--`,
      }),
    );

    expect(message.text).toBe("Words of the plain part.");
  });

  it("keeps a base64 attachment's file name, type and bytes, and decodes an RFC 2231 file name", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array.from({ length: 300 }, (_, index) => index % 256)]);
    const base64 = (bytes: Buffer) => bytes.toString("base64").replace(/.{76}/g, "$&\n");
    const message = await parse(
      reply({
        contentType: 'multipart/mixed; boundary="----=_Part_1_2046.1764583501"',
        body: `This is a multi-part message in MIME format.

------=_Part_1_2046.1764583501
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: 7bit

The signed order is attached.

------=_Part_1_2046.1764583501
Content-Type: application/pdf; name="order-2026-12.pdf"
Content-Disposition: attachment; filename="order-2026-12.pdf"
Content-Transfer-Encoding: base64

${base64(pdf)}
------=_Part_1_2046.1764583501
Content-Type: image/png
Content-Disposition: attachment; filename*=UTF-8''Bildschirmfoto%20M%C3%A4rz.png
Content-Transfer-Encoding: base64

${base64(png)}
------=_Part_1_2046.1764583501--`,
      }),
    );

    expect(message.text).toBe("The signed order is attached.");
    expect(message.attachments).toEqual([
      { filename: "order-2026-12.pdf", contentType: "application/pdf", content: pdf },
      { filename: "Bildschirmfoto März.png", contentType: "image/png", content: png },
    ]);
  });

  it("keeps a reply longer than the reply parser reads whole, and still cuts the quoted mail below it", async () => {
    const paragraph = "We checked every position of the invoice against the order and found two differences.";
    const text = Array.from({ length: 70 }, (_, index) => `${index + 1}. ${paragraph}`).join("\n");
    const message = await parse(
      reply({ body: `${text}\n\nOn Mon, 1 Dec 2026 at 10:00, Portico <notifications@portico.example> wrote:\n\n${"> Please check the invoice.\n".repeat(200)}` }),
    );

    expect(text.length).toBeGreaterThan(6_000);
    expect(message.text).toBe(text);
  });

  it("reads a long mail only up to a signature the reply parser finds near its start", async () => {
    const history = Array.from({ length: 120 }, (_, index) => `Line ${index + 1} of an earlier mail the client appended without quoting it.`).join("\n");
    const message = await parse(reply({ body: `Thanks, approved.\n\nSent from my iPhone\n\n${history}` }));

    expect(history.length).toBeGreaterThan(8_000);
    expect(message.text).toBe("Thanks, approved.");
  });

  it("reads a body crafted against the reply parser's regular expressions, up to the size limit, and keeps its text", async () => {
    // Each line starts one more backtracking search of the parser's Dutch "Op … schreef …:" pattern.
    const body = "Op schreef:x\n".repeat(60_000);
    const message = await parse(reply({ body }));

    expect(message.text).toBe(body.trim());
  });

  it("refuses a 2 MB mail when 1 MB is allowed, counting bytes, not characters", async () => {
    const big = eml(reply({ body: `${"x".repeat(998)}\n`.repeat(2048) }));
    const wide = reply({ body: "ä".repeat(600_000) });

    await expect(parseInboundMail(big, LIMIT)).rejects.toBeInstanceOf(InboundMailError);
    await expect(parseInboundMail(Buffer.from(big), LIMIT)).rejects.toMatchObject({ reason: "too_large" });
    expect(wide.length).toBeLessThan(LIMIT.maxBytes);
    await expect(parseInboundMail(wide, LIMIT)).rejects.toMatchObject({ reason: "too_large" });
  });

  it("refuses bytes and text that are no mail at all as unparseable", async () => {
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256).filter((byte) => byte !== 0x3a));

    await expect(parseInboundMail(noise, LIMIT)).rejects.toMatchObject({ name: "InboundMailError", reason: "unparseable" });
    await expect(parseInboundMail("this is not a mail\nat all", LIMIT)).rejects.toMatchObject({ reason: "unparseable" });
    await expect(parseInboundMail("", LIMIT)).rejects.toMatchObject({ reason: "unparseable" });
  });

  it("reads a mail cut off in the middle of a part, and one with headers only, without failing", async () => {
    const cut = await parse(reply({ contentType: 'multipart/mixed; boundary="b1"', body: "--b1\nContent-Type: text/plain\n\nThe first half of my answ" }));
    const bare = await parse("From: anna.berger@example.com\nSubject: \n");

    expect(cut.text).toBe("The first half of my answ");
    expect(bare).toMatchObject({ from: "anna.berger@example.com", recipients: [], subject: "", messageId: null, inReplyTo: null, references: [], text: "" });
    expect(dropReasonOf(bare, OWN_DOMAIN)).toBe("empty");
  });
});

describe("dropReasonOf", () => {
  const DSN = `Return-Path: <>
Delivered-To: reply+t42.k3@in.portico.example
Received: by mx.example.com (Postfix) id 5E1A2B3C4D; Mon,  1 Dec 2026 10:05:12 +0000 (UTC)
Date: Mon,  1 Dec 2026 10:05:12 +0000 (UTC)
From: MAILER-DAEMON@mx.example.com (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: reply+t42.k3@in.portico.example
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
	boundary="5E1A2B3C4D.1764583512/mx.example.com"
Message-Id: <20261201100512.5E1A2B3C4D@mx.example.com>

This is a MIME-encapsulated message.

--5E1A2B3C4D.1764583512/mx.example.com
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.com.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

<nobody@example.com>: host mx.example.com said: 550 5.1.1 User unknown

--5E1A2B3C4D.1764583512/mx.example.com
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.com
Arrival-Date: Mon,  1 Dec 2026 10:05:11 +0000 (UTC)

Final-Recipient: rfc822; nobody@example.com
Action: failed
Status: 5.1.1

--5E1A2B3C4D.1764583512/mx.example.com--
`;
  const reasonOf = async (source: string) => dropReasonOf(await parse(source), OWN_DOMAIN);
  const report = (from: string, returnPath: string) =>
    reply({ from, returnPath, contentType: 'multipart/report; report-type="delivery-status"; boundary="r"', body: "--r\nContent-Type: text/plain\n\nDelivery failed.\n--r--" });

  it("drops a bounce: a delivery-status report, an empty Return-Path, or a mail from MAILER-DAEMON or postmaster", async () => {
    expect(await reasonOf(DSN)).toBe("bounce");
    expect(await reasonOf(report("Mail Delivery <delivery@example.com>", "<delivery@example.com>"))).toBe("bounce");
    expect(await reasonOf(reply({ returnPath: "<>" }))).toBe("bounce");
    expect(await reasonOf(reply({ from: "Mail Delivery System <MAILER-DAEMON@mx.example.com>" }))).toBe("bounce");
    expect(await reasonOf(reply({ from: "postmaster@example.com" }))).toBe("bounce");
  });

  it("posts a mail without Return-Path and a report of another kind", async () => {
    const readReceipt = reply({ contentType: "multipart/report; report-type=disposition-notification; boundary=r", body: "--r\nContent-Type: text/plain\n\nYour message was read.\n--r--" });

    expect(await reasonOf(reply({ returnPath: null }))).toBeNull();
    expect(await reasonOf(readReceipt)).toBeNull();
  });

  it("drops a loop: a Message-ID at Portico's own domain, or Portico's own X-Portico-Mail header", async () => {
    expect(await reasonOf(reply({ messageId: "<3f2a9c1e-5b6d-4e7f-8a9b-0c1d2e3f4a5b@mail.portico.example>" }))).toBe("loop");
    expect(await reasonOf(reply({ messageId: "<3F2A9C1E@MAIL.Portico.Example>" }))).toBe("loop");
    expect(await reasonOf(reply({ headers: ["X-Portico-Mail: notification"] }))).toBe("loop");
    expect(await reasonOf(reply({ messageId: "<mail.portico.example@other.example>" }))).toBeNull();
  });

  it.each([
    ["Auto-Submitted: auto-replied", reply({ headers: ["Auto-Submitted: auto-replied"] })],
    ["Auto-Submitted: auto-generated with parameters", reply({ headers: ["Auto-Submitted: Auto-Generated; owner-email=it@example.com"] })],
    ["X-Autoreply", reply({ headers: ["X-Autoreply: yes"] })],
    ["X-Autorespond", reply({ headers: ["X-Autorespond: Anna is away"] })],
    ["X-Auto-Response-Suppress: OOF", reply({ headers: ["X-Auto-Response-Suppress: DR, OOF, AutoReply"] })],
    ["X-Auto-Response-Suppress: All", reply({ headers: ["X-Auto-Response-Suppress: All"] })],
    ["Out of Office", reply({ subject: "Out of Office: Re: [Portico] New comment on ticket #42" })],
    ["Automatic reply", reply({ subject: "Automatic reply: [Portico] New comment on ticket #42" })],
    ["AUTO:", reply({ subject: "AUTO: Anna Berger is out of the office (returning 08.12.2026)" })],
    ["Autoreply", reply({ subject: "autoreply: your mail" })],
    ["Abwesenheitsnotiz", reply({ subject: "Abwesenheitsnotiz: [Portico] Neuer Kommentar zu Ticket #42" })],
    ["Automatische Antwort", reply({ subject: "Automatische Antwort: [Portico] Neuer Kommentar zu Ticket #42" })],
  ])("drops an auto-reply (%s)", async (_name, source) => {
    expect(await reasonOf(source)).toBe("auto_reply");
  });

  it("posts a mail that says Auto-Submitted: no, suppresses only delivery reports, or mentions an absence after its start", async () => {
    expect(await reasonOf(reply({ headers: ["Auto-Submitted: no"] }))).toBeNull();
    expect(await reasonOf(reply({ headers: ["X-Auto-Response-Suppress: DR, RN, NRN"] }))).toBeNull();
    expect(await reasonOf(reply({ subject: "Re: Out of office plans for December" }))).toBeNull();
  });

  it.each([
    "Precedence: bulk",
    "Precedence: List",
    "Precedence: junk",
    "List-Id: Example customers <customers.lists.example.com>",
    "List-Unsubscribe: <mailto:unsubscribe@lists.example.com?subject=unsubscribe>",
  ])("drops bulk mail (%s)", async (header) => {
    expect(await reasonOf(reply({ headers: [header] }))).toBe("bulk");
  });

  it("posts a mail of Precedence: first-class", async () => {
    expect(await reasonOf(reply({ headers: ["Precedence: first-class"] }))).toBeNull();
  });

  it.each([
    ["dkim=fail", "mx.example.com; spf=pass smtp.mailfrom=example.com; dkim=fail (bad signature) header.d=example.com; dmarc=pass header.from=example.com"],
    ["spf=fail", "mx.example.com; spf=fail smtp.mailfrom=example.com"],
    ["dmarc=fail", "mx.example.com; dkim=none; DMARC=FAIL (p=REJECT) header.from=example.com"],
    ["a comment holding ';' before the failure", "mx.example.com; spf=pass (mx.example.com: domain of a@example.com; designates 192.0.2.1 as permitted sender) smtp.mailfrom=a@example.com; dkim=fail header.d=example.com"],
    ["a method version", "mx.example.com 1; dkim/1 = fail header.d=example.com"],
  ])("drops a mail whose Authentication-Results report a failure (%s)", async (_name, results) => {
    expect(await reasonOf(reply({ authenticationResults: [results] }))).toBe("authentication_failed");
  });

  it("drops a mail when any of its Authentication-Results fields reports a failure", async () => {
    const results = [PASSED, "relay.example.net;\n\tdkim=fail reason=\"signature verification failed\" header.d=example.com"];

    expect(await reasonOf(reply({ authenticationResults: results }))).toBe("authentication_failed");
  });

  it("posts a mail whose Authentication-Results report softfail, none, neutral or fail only in a comment or value", async () => {
    const results = [
      "mx.example.com; spf=softfail smtp.mailfrom=example.com; dkim=none; dmarc=none header.from=example.com",
      "mx.example.com; spf=neutral (not dkim=fail; no spf=fail) smtp.mailfrom=fail@example.com; dkim=pass header.b=fail",
      'mx.example.com; dkim=pass reason="dmarc=fail; spf=fail" header.d=example.com',
      "mx.example.com; none",
      "mx.example.com; arc=fail; iprev=fail smtp.remote-ip=192.0.2.1",
    ];

    expect(await reasonOf(reply({ authenticationResults: results }))).toBeNull();
  });

  it("drops a mail with no text of its own and no attachment, but posts an attachment without text", async () => {
    const quotedOnly = reply({ body: "On Mon, 1 Dec 2026 at 10:00, Portico <notifications@portico.example> wrote:\n\n> Please confirm.\n" });
    const fileOnly = reply({
      contentType: 'multipart/mixed; boundary="m"',
      body: `--m\nContent-Type: text/plain\n\n\n--m\nContent-Type: application/pdf\nContent-Disposition: attachment; filename="order.pdf"\nContent-Transfer-Encoding: base64\n\nJVBERi0xLjQK\n--m--`,
    });

    expect(await reasonOf(quotedOnly)).toBe("empty");
    expect(await reasonOf(reply({ body: " \n\n " }))).toBe("empty");
    expect(await reasonOf(fileOnly)).toBeNull();
  });

  it("names the first rule that applies: bounce, loop, auto_reply, bulk, authentication_failed, empty", async () => {
    const failed = ["mx.example.com; dkim=fail header.d=example.com"];
    const ownId = "<3f2a9c1e@mail.portico.example>";

    expect(await reasonOf(reply({ returnPath: "<>", messageId: ownId }))).toBe("bounce");
    expect(await reasonOf(reply({ messageId: ownId, headers: ["Auto-Submitted: auto-generated"] }))).toBe("loop");
    expect(await reasonOf(reply({ headers: ["Auto-Submitted: auto-replied", "Precedence: bulk"] }))).toBe("auto_reply");
    expect(await reasonOf(reply({ headers: ["Precedence: bulk"], authenticationResults: failed }))).toBe("bulk");
    expect(await reasonOf(reply({ authenticationResults: failed, body: "" }))).toBe("authentication_failed");
  });
});
