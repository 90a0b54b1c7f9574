import { i18n } from "@lingui/core";

/**
 * The web tests' setup (vitest.config.ts): English, the source language, is active, as in a
 * browser whose catalogue has loaded. The macros keep each message's English outside production
 * builds, so no catalogue is needed; a test of another language loads its own messages.
 */
i18n.loadAndActivate({ locale: "en", messages: {} });
