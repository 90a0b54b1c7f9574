import { describe, expect, it } from "vitest";
import { nullWhenBlank, optionalText, requiredText } from "./text";
import { z } from "zod";
import { textMessages } from "../rules/text";

const title = requiredText("Title is required", 5, "Title is too long");
const phone = optionalText("Phone is too long", 5);
const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((issue) => issue.message);

describe("text inputs as the forms send them", () => {
  it("trims a required text and counts its length after trimming", () => {
    expect(title.parse("  Hello  ")).toBe("Hello");
    expect(messages(title.safeParse("   "))).toEqual(["Title is required"]);
    expect(messages(title.safeParse("Hello!"))).toEqual(["Title is too long"]);
    expect(messages(title.safeParse(undefined))).toEqual(["Title is required"]);
  });

  it("stores an optional text trimmed, and a blank, null or missing one as null", () => {
    expect(phone.parse(" 123 ")).toBe("123");
    for (const blank of ["", "   ", null, undefined]) expect(phone.parse(blank)).toBeNull();
    expect(messages(phone.safeParse("123456"))).toEqual(["Phone is too long"]);
  });

  it("keeps a non-blank value as it is", () => {
    expect(nullWhenBlank(z.string()).parse("kept")).toBe("kept");
    expect(nullWhenBlank(z.string()).parse("")).toBeNull();
  });

  it("refuses every C0 control character but tab, line feed and carriage return, in names and descriptions alike", () => {
    const wide = requiredText("Required", 50, "Too long");
    const notes = optionalText("Too long", 50);
    for (let code = 0; code < 0x20; code += 1) {
      const text = `a${String.fromCharCode(code)}b`;
      const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
      expect(messages(notes.safeParse(text)), `U+${code.toString(16).padStart(4, "0")}`).toEqual(allowed ? undefined : [textMessages.controlCharacter]);
      expect(messages(wide.safeParse(text)), `U+${code.toString(16).padStart(4, "0")}`).toEqual(allowed ? undefined : [textMessages.controlCharacter]);
    }
    expect(notes.parse("line one\r\n\tline two")).toBe("line one\r\n\tline two");
    // The length rule's message comes first, as the web's checks show it.
    expect(messages(requiredText("Required", 3, "Too long").safeParse("ab\u0000cd"))).toEqual(["Too long", textMessages.controlCharacter]);
  });

  it("refuses a bidi override or isolate in a required name or title, and keeps one in a description", () => {
    const wide = requiredText("Required", 50, "Too long");
    const notes = optionalText("Too long", 50);
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]) {
      const text = `Invoice ${String.fromCharCode(code)}fdp.exe`;
      expect(messages(wide.safeParse(text)), `U+${code.toString(16)}`).toEqual([textMessages.directionOverride]);
      expect(notes.parse(text)).toBe(text);
    }
    // Right-to-left text itself, and the implicit marks, are words like any other.
    expect(wide.parse("شركة \u200fأ")).toBe("شركة \u200fأ");
  });
});
