import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers";
import { preloadRoute } from "./app/router";
import { activateLocale, initialLocale } from "./lib/i18n/catalogues";
import { followUserLocale } from "./lib/i18n/follow-session";
import { followTheme } from "./lib/theme";
import "./styles.css";

// theme-init.js set the theme before the first paint; from here on the system's setting and the
// reader's choice in another tab are followed live.
followTheme();

// The screen's modules start loading now, alongside the session check that the first render
// sends, instead of after it.
preloadRoute(window.location.pathname);

// A transition, so React renders in slices that leave the main thread free in between. Until it
// commits, index.html's copy of the page spinner is on screen.
const render = () =>
  startTransition(() =>
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <Providers />
      </StrictMode>,
    ),
  );

// The first paint waits for its language's catalogue (a small chunk, loading alongside the
// screen's). Should it fail to load, English is tried before the page gives up on words.
followUserLocale();
activateLocale(initialLocale())
  .catch((error: unknown) => {
    console.error("Could not load the language's catalogue", error);
    return activateLocale("en");
  })
  .finally(render);
