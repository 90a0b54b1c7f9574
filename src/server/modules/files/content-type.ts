import { fileTypeFromBuffer } from "file-type";
import { allowedFileTypes, fileMessages, type AllowedFileType } from "@/shared/rules/file";
import { Problem } from "@/server/http/problem";

/**
 * How many of a file's first bytes decide its type: file-type needs the start of a zip's entries
 * to tell a Word document from any other zip, and office files list them near the start.
 */
export const SNIFF_BYTES = 64 * 1024;

/** What the client said about the file: the part's Content-Type and the file's name. */
export interface ClaimedType {
  mimeType: string;
  name: string;
}

export const unsupportedType = (detail: string) => new Problem(415, "Unsupported Media Type", detail);

const isAllowed = (type: string): type is AllowedFileType => Object.hasOwn(allowedFileTypes, type);

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** Claimed types that name the same thing as an allowed one. */
const ALIASES: Record<string, AllowedFileType> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg", "application/x-pdf": "application/pdf" };

/** What the client claims, as allowed types: by the part's type and by the name's extension. */
function claimsOf({ mimeType, name }: ClaimedType): { byType: AllowedFileType | undefined; byExtension: AllowedFileType | undefined } {
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  const aliased = ALIASES[type] ?? type;
  return { byType: isAllowed(aliased) ? aliased : undefined, byExtension: BY_EXTENSION[extensionOf(name)] };
}

const BY_EXTENSION: Record<string, AllowedFileType> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  txt: "text/plain",
  csv: "text/csv",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
};

/** The pre-2007 office formats: one container format (CFB) that file-type cannot tell apart. */
const LEGACY_OFFICE: ReadonlySet<AllowedFileType> = new Set(["application/msword", "application/vnd.ms-excel", "application/vnd.ms-powerpoint"]);
const OFFICE: ReadonlySet<string> = new Set(Object.keys(allowedFileTypes).filter((type) => type.startsWith("application/vnd.") || type === "application/msword"));
const TEXT: ReadonlySet<AllowedFileType> = new Set(["text/plain", "text/csv"]);

/**
 * The type of an upload, decided by its first bytes (`head`, up to SNIFF_BYTES) against the
 * allow-list (ADR 022), never by its name alone:
 * - a binary format file-type recognises must be on the list (else 415), and must not contradict
 *   a type the client claimed (an "image/png" that is a PDF: 415);
 * - the old office formats share one container, so the claim (type or extension) says which;
 * - text has no signature: bytes that are valid UTF-8 with no NUL are text, CSV or plain as the
 *   claim says; anything else without a signature is refused.
 * The rest of a text file is checked as it streams (textChecker).
 */
export async function decideContentType(head: Uint8Array, claimed: ClaimedType): Promise<AllowedFileType> {
  const { byType, byExtension } = claimsOf(claimed);
  const claim = byType ?? byExtension;
  const detected = await fileTypeFromBuffer(head);
  if (detected?.mime === "application/x-cfb") {
    if (claim && LEGACY_OFFICE.has(claim)) return claim;
    throw unsupportedType(claim ? fileMessages.typeMismatch : fileMessages.typeNotAllowed);
  }
  if (detected) {
    if (!isAllowed(detected.mime)) throw unsupportedType(claim ? fileMessages.typeMismatch : fileMessages.typeNotAllowed);
    const agrees = !claim || claim === detected.mime || (OFFICE.has(claim) && OFFICE.has(detected.mime));
    if (!agrees) throw unsupportedType(fileMessages.typeMismatch);
    return detected.mime;
  }
  if (!looksLikeText(head)) throw unsupportedType(claim ? fileMessages.typeMismatch : fileMessages.typeNotAllowed);
  // Either claim will do: browsers on Windows send a .csv as application/vnd.ms-excel.
  const textClaim = [byType, byExtension].find((type) => type !== undefined && TEXT.has(type));
  if (textClaim) return textClaim;
  // Text claimed as something else (a "PDF" that is plain text) is a mismatch; unclaimed text is not allowed.
  throw unsupportedType(claim ? fileMessages.typeMismatch : fileMessages.typeNotAllowed);
}

/** Valid UTF-8 without NUL (a sequence cut at the end of the head is fine: the rest is checked later). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * For a file decided to be text: checks every further piece as it passes (valid UTF-8 across
 * piece boundaries, no NUL), so a text head cannot smuggle a binary tail.
 */
export function textChecker(): { check(piece: Uint8Array): void; end(): void } {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const refuse = () => unsupportedType(fileMessages.typeMismatch);
  return {
    check(piece) {
      if (piece.includes(0)) throw refuse();
      try {
        decoder.decode(piece, { stream: true });
      } catch {
        throw refuse();
      }
    },
    end() {
      try {
        decoder.decode();
      } catch {
        throw refuse();
      }
    },
  };
}
