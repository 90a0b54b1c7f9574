import type { KeyboardEvent } from "react";

/**
 * A message box's keys: Enter sends, Shift+Enter starts a new line, and the Enter that ends an
 * input-method composition (Japanese, Chinese…) only ends it.
 */
export const sendOnEnter = (send: () => void) => (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
    event.preventDefault();
    send();
  }
};
