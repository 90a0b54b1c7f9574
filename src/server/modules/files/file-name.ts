import { FILE_NAME_MAX, fileMessages, UPLOAD_FIELD } from "@/shared/rules/file";
import { badRequest } from "@/server/http/problem";

/**
 * C0 and C1 control characters (a newline in a name would split a header or a log line), and the
 * Unicode direction marks, embeddings, overrides and isolates that make `invoice‮fdp.exe` read as
 * `invoiceexe.pdf` on screen.
 */
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A name for a file whose own name cleans away to nothing (`../`, only control characters). */
export const UNNAMED_FILE = "file";

/**
 * The uploader's name for the file, safe to store and show: only its last path part (a browser
 * sends no path, a script may send `../../etc/passwd` or `C:\\Users\\…`), without control
 * characters and direction overrides, trimmed, in NFC. Longer than FILE_NAME_MAX characters is
 * refused (400) rather than cut: a cut name may lose its extension or its meaning.
 */
export function cleanFileName(raw: string): string {
  const lastPart = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = lastPart.replace(UNSAFE_CHARACTERS, "").normalize("NFC").trim();
  // `.` and `..` are path parts too, not names.
  const name = /^\.*$/.test(cleaned) ? UNNAMED_FILE : cleaned;
  if ([...name].length > FILE_NAME_MAX) throw fileProblem(fileMessages.nameTooLong);
  return name;
}

/** 400 naming the upload's field, as every invalid upload answers (the contract's `file: …`). */
export function fileProblem(message: string) {
  return badRequest(`${UPLOAD_FIELD}: ${message}`, [{ field: UPLOAD_FIELD, message }]);
}
