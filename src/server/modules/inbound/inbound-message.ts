import EmailReplyParser from "email-reply-parser";
import { simpleParser, type AddressObject, type EmailAddress, type HeaderLines, type ParsedMail } from "mailparser";

/** One received mail as mail in needs it (ADR 044): who, to whom, which thread, the new text and the files. */
export interface InboundMessage {
  /** The From address, lowercased. */
  from: string | null;
  /** Lowercased addresses from To, Cc, Delivered-To and X-Original-To, each once. */
  recipients: string[];
  subject: string;
  /** As written, angle brackets included: `<…@…>`. */
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  /**
   * The new text of the reply only: the quoted history ("On … wrote:", "> " lines, Outlook's
   * "From: … Sent: …" block, "-----Original Message-----"), the signature and a closing with the
   * name below it ("Viele Grüße", "Thanks,") stripped, trimmed.
   */
  text: string;
  attachments: Array<{ filename: string | null; contentType: string; content: Buffer }>;
  /** The header fields the drop rules read, unfolded and trimmed; null when the mail has none. */
  headers: {
    autoSubmitted: string | null;
    precedence: string | null;
    xAutoResponseSuppress: string | null;
    xAutoreply: string | null;
    xAutorespond: string | null;
    listId: string | null;
    listUnsubscribe: string | null;
    xPorticoMail: string | null;
    /** Every Authentication-Results field, top (the last hop) first. */
    authenticationResults: string[];
    returnPath: string | null;
    contentType: string | null;
  };
}

/** A mail that cannot be read: larger than allowed, or not a mail at all. */
export class InboundMailError extends Error {
  constructor(
    readonly reason: "too_large" | "unparseable",
    message: string,
  ) {
    super(message);
    this.name = "InboundMailError";
  }
}

/**
 * Reads one raw mail (RFC 5322, as received): its addresses, thread, new text and files. Throws an
 * InboundMailError for a mail over `maxBytes` (checked before any parsing) or one without a single
 * header field (noise, not a mail).
 */
export async function parseInboundMail(raw: Buffer | string, { maxBytes }: { maxBytes: number }): Promise<InboundMessage> {
  const size = typeof raw === "string" ? Buffer.byteLength(raw) : raw.length;
  if (size > maxBytes) throw new InboundMailError("too_large", `The mail has ${size} bytes, more than the ${maxBytes} allowed`);
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  } catch (error) {
    throw new InboundMailError("unparseable", `The mail cannot be parsed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (mail.headers.size === 0) throw new InboundMailError("unparseable", "The mail has no header fields");

  const field = (name: string) => headerValues(mail.headerLines, name)[0] ?? null;
  const delivered = [...headerValues(mail.headerLines, "delivered-to"), ...headerValues(mail.headerLines, "x-original-to")].map(bareAddress);
  return {
    from: addressesOf(mail.from)[0] ?? null,
    recipients: [...new Set([...addressesOf(mail.to), ...addressesOf(mail.cc), ...delivered].filter((address) => address.includes("@")))],
    subject: (mail.subject ?? "").trim(),
    messageId: mail.messageId?.trim() || null,
    inReplyTo: mail.inReplyTo?.trim() || null,
    references: typeof mail.references === "string" ? [mail.references] : (mail.references ?? []),
    // mailparser's text is the text/plain part, or its conversion of the HTML when there is none.
    text: newTextOf(mail.text ?? ""),
    attachments: mail.attachments.map(({ filename, contentType, content }) => ({ filename: filename ?? null, contentType, content })),
    headers: {
      autoSubmitted: field("auto-submitted"),
      precedence: field("precedence"),
      xAutoResponseSuppress: field("x-auto-response-suppress"),
      xAutoreply: field("x-autoreply"),
      xAutorespond: field("x-autorespond"),
      listId: field("list-id"),
      listUnsubscribe: field("list-unsubscribe"),
      xPorticoMail: field("x-portico-mail"),
      authenticationResults: headerValues(mail.headerLines, "authentication-results"),
      returnPath: field("return-path"),
      contentType: field("content-type"),
    },
  };
}

/** Raw values of one header field, in the mail's order, unfolded (each fold one space); technical fields hold no encoded words. */
function headerValues(lines: HeaderLines, name: string): string[] {
  return lines.filter(({ key }) => key === name).map(({ line }) => line.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim());
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const flatten = (entries: EmailAddress[]): string[] => entries.flatMap((entry) => (entry.group ? flatten(entry.group) : entry.address ? [entry.address] : []));
  return flatten([field ?? []].flat().flatMap((object) => object.value)).map((address) => address.trim().toLowerCase());
}

/** `<a@b.example>` or `a@b.example`, as Delivered-To and X-Original-To carry it (no regular expression: `<<<…` would make one quadratic). */
function bareAddress(value: string): string {
  const open = value.indexOf("<");
  const close = value.indexOf(">", open + 1);
  return (open !== -1 && close !== -1 ? value.slice(open + 1, close) : value).trim().toLowerCase();
}

/**
 * The reply parser's regular expressions backtrack badly on crafted text without RE2 (not
 * installed): measured, 13 KB of lines "Op schreef:x" took 3 s and 31 KB 7 s, growing with the
 * cube of the length. It therefore reads at most this much of the text, which after the cuts below
 * is the reply and its signature (a short reply under a long thread is a few hundred characters);
 * crafted text costs at most about a tenth of a second.
 */
const REPLY_PARSER_WINDOW = 4_000;

/** The new text of a reply: what the reply parser leaves of it, tidied, without a closing and name at its end. */
function newTextOf(body: string): string {
  return withoutClosing(tidy(parsedTextOf(body)));
}

/**
 * The reply without its history and signature. The quoted history is cut first where it is plain
 * without the reply parser: an Outlook header block or "-----Original Message-----" (the parser
 * misses them when the From line has no address in brackets or no blank line comes before), and
 * the "> " lines at the end with the "On … wrote:" / "Am … schrieb …:" line above them (the parser
 * misses Gmail's German one wrapped onto two lines). The parser then strips the signature and what
 * else it knows.
 */
function parsedTextOf(body: string): string {
  const { lines, firstQuoted } = withoutQuotedEnd(beforeForwardedHeader(body.replace(/\r\n?/g, "\n").split("\n")));
  const head = lines.join("\n");
  if (head.length <= REPLY_PARSER_WINDOW) return new EmailReplyParser().read([...lines, ...firstQuoted].join("\n")).getVisibleText();
  const end = head.lastIndexOf("\n", REPLY_PARSER_WINDOW);
  // One line longer than the window has no signature of its own to strip.
  if (end <= 0) return head;
  const read = new EmailReplyParser().read(head.slice(0, end));
  const last = read.getFragments().findLast((fragment) => fragment.getContent().trim() !== "");
  // Hidden at the window's end: the signature or the history began in it, and the rest lies below.
  if (!last || last.isHidden()) return read.getVisibleText();
  return `${read.getVisibleText()}\n${head.slice(end + 1)}`;
}

/** Without spaces at the line ends, blank runs (the HTML conversion's `<div><br></div>`) made one blank line, trimmed. */
function tidy(text: string): string {
  const lines = text.split("\n").map((line) => line.trimEnd());
  return lines.filter((line, index) => line !== "" || lines[index - 1] !== "").join("\n").trim();
}

/**
 * Closings that end a reply above the sender's name, as compared: lowercased, without a trailing
 * comma or period, "ß" written "ss" (as in Switzerland). The reply parser has none of the German
 * ones and of the English ones only "… regards" and "Cheers", which it strips itself.
 */
const CLOSINGS = new Set(["viele grüsse", "mit freundlichen grüssen", "beste grüsse", "liebe grüsse", "schöne grüsse", "gruss", "vg", "mfg", "thanks", "best"]);
/** Longer than this, a line is no closing; the check then skips the work of normalising it. */
const CLOSING_MAX = 40;
/** What may follow a closing to the end of the text: a name, a company, a phone number. */
const CLOSING_TAIL_LINES = 3;
const CLOSING_TAIL_LINE_MAX = 60;

/**
 * The text without a closing line ("Viele Grüße", "Thanks,") and the few short lines below it, when
 * they end the text. More below the closing (a longer line, a fourth line) means it did not end the
 * reply, and a closing with nothing above it is the whole reply: both are kept. Reads the lines from
 * the end and stops after the fourth non-blank one, so the work is linear in the text.
 */
function withoutClosing(text: string): string {
  const lines = text.split("\n");
  let tail = 0;
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = (lines[index] ?? "").trim();
    if (line === "") continue;
    if (isClosing(line)) {
      const above = lines.slice(0, index).join("\n").trim();
      return above === "" ? text : above;
    }
    tail++;
    if (tail > CLOSING_TAIL_LINES || line.length > CLOSING_TAIL_LINE_MAX) return text;
  }
  return text;
}

function isClosing(line: string): boolean {
  if (line.length > CLOSING_MAX) return false;
  // NFC: a mail client may send "ü" as "u" and a combining diaeresis.
  const words = line.normalize("NFC").toLowerCase().replaceAll("ß", "ss").replace(/\s+/g, " ");
  return CLOSINGS.has(words.endsWith(",") || words.endsWith(".") ? words.slice(0, -1).trimEnd() : words);
}

const ORIGINAL_MESSAGE = /^\s*-{2,}\s*(?:original message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale)\s*-{2,}\s*$/i;
const HEADER_FROM = /^\s*\*?(?:from|von|de|van|da|od)\s*:/i;
const HEADER_SENT = /^\s*\*?(?:sent|date|gesendet|datum|envoyé|enviado|inviato|verzonden|wysłano)\s*:/i;
const HEADER_SUBJECT = /^\s*\*?(?:subject|betreff|objet|asunto|oggetto|onderwerp|temat|assunto)\s*:/i;
/** How far below its From line an Outlook block's Sent and Subject lines are looked for (To and Cc come between). */
const HEADER_BLOCK_LINES = 8;

/** The lines above the first "-----Original Message-----" or Outlook header block (From, Sent, …, Subject). */
function beforeForwardedHeader(lines: string[]): string[] {
  const start = lines.findIndex((line, index) => {
    if (ORIGINAL_MESSAGE.test(line)) return true;
    if (!HEADER_FROM.test(line)) return false;
    const below = lines.slice(index + 1, index + 1 + HEADER_BLOCK_LINES);
    return below.some((next) => HEADER_SENT.test(next)) && below.some((next) => HEADER_SUBJECT.test(next));
  });
  return start === -1 ? lines : lines.slice(0, start);
}

const QUOTED_OR_BLANK = /^\s*(?:>.*)?$/;
const ATTRIBUTIONS = [/^On\s.*\swrote:$/i, /^Am\s.*\sschrieb\s.*:$/i];
/** Longer than this, a line is no attribution ("On …, Name <address> wrote:"); it also bounds the regular expressions' work. */
const ATTRIBUTION_MAX = 500;

/**
 * The lines without the run of "> " lines (and blank ones) at their end and the attribution right
 * above it: the history of a top-posted reply. The run's first line is handed back for the reply
 * parser, which hides it together with an attribution of another language right before it.
 */
function withoutQuotedEnd(lines: string[]): { lines: string[]; firstQuoted: string[] } {
  let start = lines.length;
  while (start > 0 && QUOTED_OR_BLANK.test(lines[start - 1] ?? "")) start--;
  const firstQuoted = lines.slice(start).find((line) => line.trim() !== "");
  if (firstQuoted === undefined) return { lines, firstQuoted: [] };
  let end = start;
  while (end > 0 && lines[end - 1]?.trim() === "") end--;
  // Gmail wraps a long attribution onto a second line.
  for (const size of [1, 2]) {
    const attribution = lines.slice(Math.max(0, end - size), end).map((line) => line.trim()).join(" ");
    if (end >= size && attribution.length <= ATTRIBUTION_MAX && ATTRIBUTIONS.some((pattern) => pattern.test(attribution))) {
      return { lines: lines.slice(0, end - size), firstQuoted: [firstQuoted] };
    }
  }
  return { lines: lines.slice(0, start), firstQuoted: [firstQuoted] };
}

export type DropReason = "auto_reply" | "bulk" | "loop" | "bounce" | "authentication_failed" | "empty";

/**
 * Why a mail must not be posted, or null to post it. The first rule that applies names it, in this
 * order: bounce, loop, auto_reply, bulk, authentication_failed, empty. `ownMessageIdDomain` is the
 * domain of the Message-IDs Portico sends (`<…@ownMessageIdDomain>`).
 */
export function dropReasonOf(message: InboundMessage, ownMessageIdDomain: string): DropReason | null {
  if (isBounce(message)) return "bounce";
  if (isLoop(message, ownMessageIdDomain)) return "loop";
  if (isAutoReply(message)) return "auto_reply";
  if (isBulk(message)) return "bulk";
  if (message.headers.authenticationResults.some(reportsFailure)) return "authentication_failed";
  if (message.text === "" && message.attachments.length === 0) return "empty";
  return null;
}

function isBounce({ headers, from }: InboundMessage): boolean {
  const [type = "", ...params] = (headers.contentType ?? "").split(";").map((part) => part.trim().toLowerCase());
  const reportType = params.find((param) => /^report-type\s*=/.test(param))?.replace(/^report-type\s*=\s*"?([^"]*)"?$/, "$1");
  if (type === "multipart/report" && reportType === "delivery-status") return true;
  // An empty reverse path (RFC 5321 4.5.5) is what delivery notifications are sent with.
  if (headers.returnPath !== null && /^<?\s*>?$/.test(headers.returnPath)) return true;
  const localPart = from?.split("@")[0];
  return localPart === "mailer-daemon" || localPart === "postmaster";
}

function isLoop({ messageId, headers }: InboundMessage, ownMessageIdDomain: string): boolean {
  if (headers.xPorticoMail !== null) return true;
  const domain = messageId?.replace(/^<|>$/g, "").split("@").at(-1)?.trim().toLowerCase();
  return messageId !== null && messageId.includes("@") && domain === ownMessageIdDomain.toLowerCase();
}

const AUTO_REPLY_SUBJECT = /^\s*(?:out[\s-]of[\s-]office|automatic reply|auto:|auto[\s-]?reply|abwesenheitsnotiz|automatische antwort)/i;

function isAutoReply({ headers, subject }: InboundMessage): boolean {
  // RFC 3834 5.1: any value but "no" (parameters may follow a ";") marks an automatic mail.
  const autoSubmitted = headers.autoSubmitted?.split(";")[0]?.trim().toLowerCase();
  if (autoSubmitted !== undefined && autoSubmitted !== "no") return true;
  if (headers.xAutoreply !== null || headers.xAutorespond !== null) return true;
  const suppressed = (headers.xAutoResponseSuppress ?? "").toLowerCase().split(/[\s,]+/);
  if (suppressed.includes("oof") || suppressed.includes("all")) return true;
  return AUTO_REPLY_SUBJECT.test(subject);
}

function isBulk({ headers }: InboundMessage): boolean {
  const precedence = headers.precedence?.split(/[\s;]/)[0]?.toLowerCase();
  if (precedence === "bulk" || precedence === "list" || precedence === "junk") return true;
  return headers.listId !== null || headers.listUnsubscribe !== null;
}

/** The methods whose `fail` drops a mail; softfail, neutral, none, temperror and the rest do not. */
const CHECKED_METHODS = new Set(["spf", "dkim", "dmarc"]);
/** `method[/version]=result` at the start of one resinfo (RFC 8601 2.2). */
const METHOD_RESULT = /^([a-z0-9_-]+)\s*(?:\/\s*[0-9]+\s*)?=\s*([a-z0-9_-]+)/i;

/** Whether one Authentication-Results field reports `fail` for SPF, DKIM or DMARC. */
function reportsFailure(field: string): boolean {
  // The first part is the authserv-id; it cannot match METHOD_RESULT, as a bare token holds no "=".
  return resultParts(field).some((part) => {
    const [, method = "", result = ""] = METHOD_RESULT.exec(part) ?? [];
    return CHECKED_METHODS.has(method.toLowerCase()) && result.toLowerCase() === "fail";
  });
}

/**
 * The ";"-separated parts of an Authentication-Results field, its comments dropped: a comment or
 * a quoted string may hold ";" and "=" (`spf=pass (domain of a@b; designates …)`).
 */
function resultParts(field: string): string[] {
  const parts: string[] = [];
  let part = "";
  let quoted = false;
  let depth = 0;
  for (let index = 0; index < field.length; index++) {
    const char = field.charAt(index);
    if (char === "\\" && (quoted || depth > 0)) {
      if (quoted) part += char + field.charAt(index + 1);
      index++;
    } else if (depth > 0) {
      if (char === "(") depth++;
      else if (char === ")") depth--;
    } else if (quoted) {
      part += char;
      if (char === '"') quoted = false;
    } else if (char === "(") {
      depth = 1;
      part += " ";
    } else if (char === ";") {
      parts.push(part.trim());
      part = "";
    } else {
      if (char === '"') quoted = true;
      part += char;
    }
  }
  parts.push(part.trim());
  return parts;
}
