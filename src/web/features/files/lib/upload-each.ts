import type { StoredFile } from "@/shared/schemas/file";
import { uploadErrorText } from "./upload-file";

export interface FailedUpload {
  file: File;
  reason: string;
}

export interface UploadOutcome {
  stored: StoredFile[];
  failed: FailedUpload[];
}

/**
 * Uploads files one request each, one after the other: a refused file (too large, wrong type)
 * does not stop the rest, and the server's per-user write limit is not hit by a burst.
 * `onProgress` hears how many are done, for a "2 of 3" busy state.
 */
export async function uploadEach(
  files: readonly File[],
  upload: (file: File) => Promise<StoredFile>,
  onProgress?: (done: number) => void,
): Promise<UploadOutcome> {
  const outcome: UploadOutcome = { stored: [], failed: [] };
  for (const [index, file] of files.entries()) {
    try {
      outcome.stored.push(await upload(file));
    } catch (error) {
      outcome.failed.push({ file, reason: uploadErrorText(error) });
    }
    onProgress?.(index + 1);
  }
  return outcome;
}

/** One line naming what did not arrive and why: "a.png (The file is too large)". */
export const failedUploadText = (failed: readonly FailedUpload[]) =>
  failed.map(({ file, reason }) => `${file.name} (${reason})`).join(", ");
