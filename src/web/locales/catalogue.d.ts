/** A .po catalogue, compiled by Lingui's Vite plugin into its messages (vite.config.ts). */
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
