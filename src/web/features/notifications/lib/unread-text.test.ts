import { describe, expect, it } from "vitest";
import { badgeNumber, withUnread } from "./unread-text";

// The source language: each message reads as written in the code.

describe("unread text", () => {
  it("names the count after the name, and nothing when there is none", () => {
    expect(withUnread("Notifications", 3)).toBe("Notifications, 3 unread");
    expect(withUnread("Messages", 1)).toBe("Messages, 1 unread");
    expect(withUnread("Notifications", 0)).toBe("Notifications");
  });

  it("shows at most two digits on a badge, while the accessible name keeps the exact count", () => {
    expect(badgeNumber(7)).toBe("7");
    expect(badgeNumber(99)).toBe("99");
    expect(badgeNumber(100)).toBe("99+");
    expect(withUnread("Notifications", 1234)).toBe("Notifications, 1234 unread");
  });
});
