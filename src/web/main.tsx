import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { config as configureZod } from "zod/v4/core";
import { Providers } from "./app/providers";
import "./styles.css";

// zod probes for eval to speed up parsing; our CSP forbids eval, so the probe only logs a violation.
configureZod({ jitless: true });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
