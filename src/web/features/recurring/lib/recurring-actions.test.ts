import { describe, expect, it } from "vitest";
import { actionsFor } from "./recurring-actions";

describe("a recurring invoice's actions", () => {
  it("pause and end an active schedule, resume and end a paused one, and leave an ended one alone", () => {
    expect(actionsFor("active")).toEqual(["pause", "end"]);
    expect(actionsFor("paused")).toEqual(["resume", "end"]);
    expect(actionsFor("ended")).toEqual([]);
  });
});
