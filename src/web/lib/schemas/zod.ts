/**
 * The web app's zod: `zod/mini`, whose functions tree-shake, instead of classic zod's method
 * chains, which pull in the whole library (~21 KiB gzip) wherever one schema is used (ADR 008).
 * Every schema module here imports `z` from this file, so the configuration below runs before
 * any schema parses.
 */
import * as z from "zod/mini";

// zod probes `new Function` once to decide whether it may compile parsers; the CSP forbids eval,
// so the probe would only log a violation in the console (performance report, suggestion D2).
z.config({ jitless: true });
// Classic zod installs English messages by itself, mini does not: without this, a rule with no
// message of its own would say "Invalid input" here and something more precise on the server.
z.config(z.locales.en());

export { z };
