/** An area's catalogue in one language, compiled from the .po files at build time (scripts/area-catalogues.ts). */
declare module "virtual:catalogue/*" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
