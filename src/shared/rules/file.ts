/**
 * What a stored file may be (ADR 022), without zod: the server's upload check and the web's file
 * pickers read the same list. The type is decided from the file's bytes; a file whose bytes are not
 * one of these is refused, whatever its name says.
 */
export const allowedFileTypes = {
  "application/pdf": "PDF",
  "image/png": "PNG image",
  "image/jpeg": "JPEG image",
  "image/webp": "WebP image",
  "image/gif": "GIF image",
  "text/plain": "Text",
  "text/csv": "CSV",
  "application/msword": "Word document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word document",
  "application/vnd.ms-excel": "Excel workbook",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel workbook",
  "application/vnd.ms-powerpoint": "PowerPoint presentation",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint presentation",
  "application/vnd.oasis.opendocument.text": "OpenDocument text",
  "application/vnd.oasis.opendocument.spreadsheet": "OpenDocument spreadsheet",
  "application/vnd.oasis.opendocument.presentation": "OpenDocument presentation",
} as const;
export type AllowedFileType = keyof typeof allowedFileTypes;

/** For `<input type="file" accept>`: a hint to the picker only; the server decides by content. */
export const fileAccept = [
  ...Object.keys(allowedFileTypes),
  ".pdf,.png,.jpg,.jpeg,.webp,.gif,.txt,.csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp",
].join(",");

/**
 * Shown inline in the browser: images (thumbnails). Everything else downloads, PDFs too: a stored
 * file is served with a `sandbox` CSP, Safari will not run its PDF viewer in a sandboxed document,
 * and Chrome blocks its viewer in sandboxed frames; a download opens in the user's own viewer.
 */
export const isInlineFileType = (type: string) => type.startsWith("image/");
export const isImageFileType = (type: string) => type.startsWith("image/");

/** A stored name is at most this long (characters); longer names are refused, not cut. */
export const FILE_NAME_MAX = 255;

/** The multipart field an upload's file travels in; one file per request. */
export const UPLOAD_FIELD = "file";

export const fileMessages = {
  missing: "Choose a file to upload",
  empty: "The file is empty",
  tooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB`,
  typeNotAllowed: "This type of file is not allowed. Upload a PDF, an image (PNG, JPEG, WebP, GIF), text, CSV or an office document.",
  typeMismatch: "The file's content does not match its type",
  nameTooLong: `The file name is longer than ${FILE_NAME_MAX} characters`,
  notFound: "File not found",
} as const;
