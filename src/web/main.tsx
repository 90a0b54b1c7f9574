import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers";
import { preloadRoute } from "./app/router";
import "./styles.css";

// The screen's modules start loading now, alongside the session check that the first render
// sends, instead of after it.
preloadRoute(window.location.pathname);

// A transition, so React renders in slices that leave the main thread free in between. Until it
// commits, index.html's copy of the page spinner is on screen.
startTransition(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  ),
);
