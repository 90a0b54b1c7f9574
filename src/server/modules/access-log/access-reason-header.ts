/**
 * The `Access-Reason` header's text: percent-encoded UTF-8 (a header is Latin-1 on the wire),
 * trimmed; null when absent or blank. A value that is not valid percent-encoding is taken as typed.
 */
export function accessReasonOf(header: string | undefined): string | null {
  if (header === undefined) return null;
  let text = header;
  try {
    text = decodeURIComponent(header);
  } catch {
    // Not percent-encoded: as typed.
  }
  const trimmed = text.replaceAll("\u0000", "").trim();
  return trimmed === "" ? null : trimmed;
}
