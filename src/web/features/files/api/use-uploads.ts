import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { StoredFile } from "@/shared/schemas/file";
import { toast } from "@/web/lib/toast";
import { failedUploadText, uploadEach, type UploadOutcome } from "../lib/upload-each";

/**
 * Runs a batch of uploads (one request per file) and says how far it got, for a live
 * "Uploading 2 of 3 files..." while a form is busy; `status` is null when nothing is on its way.
 * Files that did not arrive are named in one toast, with `failedHint` saying what to do next.
 */
export function useUploads() {
  const { t } = useLingui();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const run = async (files: readonly File[], upload: (file: File) => Promise<StoredFile>, failedHint?: string): Promise<UploadOutcome> => {
    if (files.length === 0) return { stored: [], failed: [] };
    setProgress({ done: 0, total: files.length });
    try {
      const outcome = await uploadEach(files, upload, (done) => setProgress({ done, total: files.length }));
      if (outcome.failed.length) {
        const failed = failedUploadText(outcome.failed);
        toast.error(t`Not attached: ${failed}`, failedHint ? { description: failedHint } : undefined);
      }
      return outcome;
    } finally {
      setProgress(null);
    }
  };

  let status: string | null = null;
  if (progress) {
    const { total } = progress;
    const current = Math.min(progress.done + 1, total);
    status = t`${plural(total, { one: `Uploading ${current} of # file...`, other: `Uploading ${current} of # files...` })}`;
  }
  return { run, status, busy: progress !== null };
}
