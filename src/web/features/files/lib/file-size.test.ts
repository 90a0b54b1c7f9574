import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size";

describe("formatFileSize", () => {
  it("counts small files in bytes", () => {
    expect(formatFileSize(1)).toBe("1 B");
    expect(formatFileSize(1023)).toBe("1023 B");
  });

  it("shows one decimal below ten units and none above", () => {
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(240 * 1024 + 300)).toBe("240 KB");
    expect(formatFileSize(1.44 * 1024 * 1024)).toBe("1.4 MB");
  });

  it("moves to the next unit at 1024 and stops at GB", () => {
    expect(formatFileSize(25 * 1024 * 1024)).toBe("25 MB");
    expect(formatFileSize(3 * 1024 ** 3)).toBe("3 GB");
    expect(formatFileSize(2048 * 1024 ** 3)).toBe("2048 GB");
  });
});
