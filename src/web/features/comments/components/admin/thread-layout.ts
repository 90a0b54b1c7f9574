import { useCallback, type ReactNode } from "react";
import type { PanelLayout } from "../comments-panel";

/** How close to the end (px) still counts as reading the newest. */
const NEAR_END = 48;

/**
 * The team's ticket page leads with its conversation (issue 43): on a wide screen the comments
 * panel fills the window's height, its timeline scrolls within it with the reply box in view
 * below, and `lead` (the ticket's description) opens the timeline. It opens at the newest and
 * follows what arrives while the reader is there; someone reading further up is left where they are.
 */
export function useThreadLayout(lead: ReactNode): PanelLayout {
  const timelineRef = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    let following = true;
    const toNewest = () => {
      if (following) element.scrollTop = element.scrollHeight;
    };
    const onScroll = () => {
      following = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_END;
    };
    toNewest();
    const observer = new MutationObserver(toNewest);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener("scroll", onScroll);
    };
  }, []);
  return {
    card: "lg:flex lg:h-[calc(100dvh-14rem)] lg:min-h-[28rem] lg:flex-col",
    content: "lg:flex lg:min-h-0 lg:flex-1 lg:flex-col lg:space-y-4",
    timeline: "lg:min-h-0 lg:flex-1 lg:overflow-y-auto lg:pr-2",
    timelineRef,
    lead,
  };
}
