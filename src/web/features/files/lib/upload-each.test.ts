import { describe, expect, it } from "vitest";
import type { StoredFile } from "@/shared/schemas/file";
import { ApiError } from "@/web/lib/api";
import { failedUploadText, uploadEach } from "./upload-each";

const stored = (file: File): StoredFile => ({
  id: crypto.randomUUID(),
  name: file.name,
  contentType: file.type,
  size: file.size,
  createdAt: new Date().toISOString(),
  uploadedBy: null,
});

const files = ["a.png", "b.exe", "c.pdf"].map((name) => new File(["bytes"], name));

describe("uploadEach", () => {
  it("sends one file at a time, in order, and reports progress after each", async () => {
    const log: string[] = [];
    let inFlight = 0;
    const outcome = await uploadEach(
      files,
      async (file) => {
        inFlight += 1;
        expect(inFlight).toBe(1);
        log.push(`start ${file.name}`);
        await Promise.resolve();
        inFlight -= 1;
        return stored(file);
      },
      (done) => log.push(`done ${done}`),
    );
    expect(log).toEqual(["start a.png", "done 1", "start b.exe", "done 2", "start c.pdf", "done 3"]);
    expect(outcome.stored.map((file) => file.name)).toEqual(["a.png", "b.exe", "c.pdf"]);
    expect(outcome.failed).toEqual([]);
  });

  it("keeps going after a refused file and says which one failed and why", async () => {
    const outcome = await uploadEach(files, async (file) => {
      if (file.name === "b.exe") throw new ApiError(415, { type: "about:blank", title: "Unsupported Media Type", status: 415, detail: "This type of file is not allowed." });
      return stored(file);
    });
    expect(outcome.stored.map((file) => file.name)).toEqual(["a.png", "c.pdf"]);
    expect(outcome.failed).toEqual([{ file: files[1], reason: "This type of file is not allowed." }]);
    expect(failedUploadText(outcome.failed)).toBe("b.exe (This type of file is not allowed.)");
  });

  it("answers an empty outcome for no files without calling the upload", async () => {
    const outcome = await uploadEach([], () => Promise.reject(new Error("not called")));
    expect(outcome).toEqual({ stored: [], failed: [] });
  });
});
