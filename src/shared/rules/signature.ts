import { SIGNATURE_BYTES_MAX } from "./quote";

/**
 * A signature as a quote's acceptance carries it (ADR 049): a data URL of a PNG or JPEG image,
 * drawn on the page or the typed name drawn, at most SIGNATURE_BYTES_MAX decoded. Zod-free and
 * Buffer-free (atob), so the web's signature pad checks what the server will.
 */

const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** Base64 of SIGNATURE_BYTES_MAX bytes, and the longest prefix: no longer text can be a signature. */
export const SIGNATURE_DATA_URL_MAX = "data:image/jpeg;base64,".length + Math.ceil(SIGNATURE_BYTES_MAX / 3) * 4;

const MAGIC = { png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], jpeg: [0xff, 0xd8, 0xff] } as const;

export interface SignatureImage {
  type: "png" | "jpeg";
  bytes: Uint8Array;
}

/** The image a signature data URL holds, or null when it is no PNG or JPEG of at most SIGNATURE_BYTES_MAX bytes. */
export function decodeSignature(dataUrl: string): SignatureImage | null {
  if (dataUrl.length > SIGNATURE_DATA_URL_MAX) return null;
  const match = DATA_URL.exec(dataUrl);
  if (!match) return null;
  const type = match[1] as SignatureImage["type"];
  let binary: string;
  try {
    binary = atob(match[2]!);
  } catch {
    return null;
  }
  if (binary.length > SIGNATURE_BYTES_MAX) return null;
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  // The bytes must be the image the type names: its file signature, not only the label.
  return MAGIC[type].every((byte, index) => bytes[index] === byte) ? { type, bytes } : null;
}

/** Whether a signature data URL is an image of the allowed kinds and size. */
export const isSignatureImage = (dataUrl: string): boolean => decodeSignature(dataUrl) !== null;
