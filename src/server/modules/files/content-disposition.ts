import { isInlineFileType } from "@/shared/rules/file";

/** RFC 8187 attr-char: what may stand unencoded in `filename*`. */
const encodeAttrValue = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The name as plain ASCII for clients that read only `filename`: accents dropped (é → e), any other
 * non-ASCII character, quote, backslash or control character replaced by `_`.
 */
export function asciiFallback(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
}

/**
 * `Content-Disposition` for a stored file (RFC 6266): `inline` for images, which the
 * browser shows itself, `attachment` (download) for everything else; the name twice, as an ASCII
 * fallback and as UTF-8 in `filename*`, which every current browser prefers.
 */
export function contentDisposition(contentType: string, name: string): string {
  const disposition = isInlineFileType(contentType) ? "inline" : "attachment";
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeAttrValue(name)}`;
}
