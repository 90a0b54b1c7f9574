/**
 * Mail in (ADR 044): what became of each mail Portico received, for the admins' inbound page and
 * the server's log. Shared by the server, which decides, and the page, which names each outcome.
 */

/** How the mail arrived: the built-in SMTP receiver, or a mail provider's inbound webhook. */
export const inboundChannels = ["smtp", "webhook"] as const;
export type InboundChannel = (typeof inboundChannels)[number];

/** What a posted mail became. */
export const inboundPostings = ["ticket_comment", "project_comment", "message", "ticket"] as const;
export type InboundPosting = (typeof inboundPostings)[number];

/**
 * Why a mail was dropped, never posted. The first six are read off the mail itself
 * (inbound-message.ts); the rest off who sent it and where to.
 */
export const inboundDropReasons = [
  "bounce",
  "loop",
  "auto_reply",
  "bulk",
  "authentication_failed",
  "empty",
  /** To no address Portico answers at: neither a reply address nor the support address. */
  "unknown_recipient",
  /** A reply address whose signature does not verify (forged or damaged). */
  "bad_token",
  /** From another address than the reply address's recipient. */
  "wrong_sender",
  /** The recipient may no longer see the record (left the company, deactivated, or the record is gone). */
  "no_access",
  /** To the support address from no customer's address. */
  "unknown_sender",
  /** The text breaks a rule of what it would become (too long, say). */
  "invalid",
  /** Too many mails from that sender in a short time. */
  "rate_limited",
  /** Received before (the same Message-ID): a provider's retry, or the same mail by both ways in. */
  "duplicate",
] as const;
export type InboundDropReason = (typeof inboundDropReasons)[number];

/** How many mails one sender may have posted or dropped in INBOUND_SENDER_WINDOW_MS before the rest are dropped. */
export const INBOUND_SENDER_LIMIT = 20;
export const INBOUND_SENDER_WINDOW_MS = 10 * 60_000;
/** The admins' page's words for each outcome (translated in the web's admin-labels.ts). */
export const inboundPostingLabels: Record<InboundPosting, string> = {
  ticket_comment: "Posted as a ticket comment",
  project_comment: "Posted as a project comment",
  message: "Posted as a chat message",
  ticket: "Opened a ticket",
};

export const inboundDropReasonLabels: Record<InboundDropReason, string> = {
  bounce: "Dropped: a bounce",
  loop: "Dropped: one of our own mails came back",
  auto_reply: "Dropped: an automatic reply",
  bulk: "Dropped: bulk or list mail",
  authentication_failed: "Dropped: SPF, DKIM or DMARC failed",
  empty: "Dropped: no text",
  unknown_recipient: "Dropped: to no address of ours",
  bad_token: "Dropped: a forged or damaged reply address",
  wrong_sender: "Dropped: not from the reply address's recipient",
  no_access: "Dropped: the sender may no longer see the record",
  unknown_sender: "Dropped: from no customer's address",
  invalid: "Dropped: breaks a rule of what it would become",
  rate_limited: "Dropped: too many mails from this sender",
  duplicate: "Dropped: received before",
};

/** How many of the latest inbound mails the admins' page lists. */
export const INBOUND_LOG_SHOWN = 100;
/** What is kept of a subject in the log. */
export const INBOUND_SUBJECT_KEPT = 300;
