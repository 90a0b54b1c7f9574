import { describe, expect, it } from "vitest";
import { nullWhenBlank, optionalText, requiredText } from "./text";
import { z } from "zod";

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
});
