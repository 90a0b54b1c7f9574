/**
 * An address we store and later send a browser to (an invoice's PDF link) must mean the same to
 * every parser. A backslash is read as "/" by browsers but not by every validator
 * (`https://evil.test\@files.example.com/x.pdf` opens evil.test), userinfo makes a link look
 * like another host (`https://files.example.com@evil.test/`), and spaces or control characters
 * are silently dropped by URL parsers. None of them belongs in a link we hand out.
 */
export function isUnambiguousLinkUrl(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === "\\" || code <= 0x20 || code === 0x7f) return false;
  }
  try {
    const url = new URL(value);
    return url.username === "" && url.password === "" && !url.host.includes("@");
  } catch {
    return false;
  }
}

export const LINK_URL_AMBIGUOUS_MESSAGE = "PDF URL must not contain a backslash, spaces or a user name";

/**
 * For a schema's refine after its URL check: only an address that parses and is ambiguous fails
 * here, so an address that is no URL at all gets one error (the URL check's), not two.
 */
export function isUnambiguousIfUrl(value: string): boolean {
  try {
    new URL(value);
  } catch {
    return true;
  }
  return isUnambiguousLinkUrl(value);
}
