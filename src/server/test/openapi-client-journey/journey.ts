/*
 * Another program's use of the API, written only against the client openapi-typescript generates
 * from the served document (`./portico-api.ts`, written beside a copy of this file by
 * src/server/http/openapi-client.test.ts, which compiles both with tsc --strict and then runs this
 * journey against a test server). Not part of the project's own tsc run: `./portico-api.ts` exists
 * only in that temporary folder (tsconfig.json and eslint.config.js leave this folder out).
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { paths } from "./portico-api";

export interface JourneyInput {
  /** The server's origin, e.g. `http://127.0.0.1:3000`; the document's server entry is `/api` below it. */
  origin: string;
  email: string;
  password: string;
  comment: string;
  /** How requests are sent (the test's fetch also holds each answer to the document). */
  fetch: (request: Request) => Promise<Response>;
}

/**
 * Like a browser: keeps the session cookie sign-in sets and sends it back, and says which site the
 * request comes from (`Origin`), which writes need.
 */
function browserLike(origin: string): Middleware {
  let cookie: string | undefined;
  return {
    onRequest({ request }) {
      request.headers.set("origin", origin);
      if (cookie) request.headers.set("cookie", cookie);
      return request;
    },
    onResponse({ response }) {
      const set = response.headers.getSetCookie().map((header) => header.split(";")[0]!);
      if (set.length > 0) cookie = set.join("; ");
    },
  };
}

/** Both journeys after the credentials: list the pending tickets, open the first, comment on it. */
async function commentOnFirstPendingTicket(client: Client<paths>, comment: string, whose: string) {
  const tickets = await client.GET("/tickets", { params: { query: { status: "pending" } } });
  if (!tickets.data) throw new Error(`listing tickets answered ${tickets.response.status}: ${tickets.error?.detail}`);
  const first = tickets.data.items[0];
  if (!first) throw new Error(`${whose} has no pending ticket`);
  const ticket = await client.GET("/tickets/{id}", { params: { path: { id: first.id } } });
  if (!ticket.data) throw new Error(`opening the ticket answered ${ticket.response.status}: ${ticket.error?.detail}`);
  const added = await client.POST("/tickets/{id}/comments", { params: { path: { id: ticket.data.id } }, body: { content: comment } });
  if (!added.data) throw new Error(`commenting answered ${added.response.status}: ${added.error?.detail}`);
  return {
    ticketTitles: tickets.data.items.map((item) => item.title),
    ticket: ticket.data,
    comment: { content: added.data.content, author: added.data.author?.name ?? null },
  };
}

/** Sign in, list the tickets, open the first, comment on it. */
export async function customerJourney({ origin, email, password, comment, fetch }: JourneyInput) {
  const client = createClient<paths>({ baseUrl: `${origin}/api`, fetch });
  client.use(browserLike(origin));

  const signedIn = await client.POST("/auth/sign-in/email", { body: { email, password } });
  if (!signedIn.data) throw new Error(`sign-in answered ${signedIn.response.status}: ${signedIn.error?.detail}`);
  // An account with two-factor sign-in on answers the password with a request for a code (ADR 019).
  if (!("user" in signedIn.data)) throw new Error("this account asks for a two-factor code: POST /auth/two-factor/verify-totp comes next");

  const { ticketTitles, ticket, comment: added } = await commentOnFirstPendingTicket(client, comment, "the customer");
  return {
    signedInAs: signedIn.data.user.email,
    ticketTitles,
    opened: { id: ticket.id, title: ticket.title, project: ticket.project.name },
    comment: added,
  };
}

export interface ScriptInput {
  origin: string;
  /** An API token made on the account page: the script's only credential (no cookie, no Origin). */
  token: string;
  comment: string;
  fetch: (request: Request) => Promise<Response>;
}

/** A client as a script builds one: every request carries the token, nothing else. */
const scriptClient = ({ origin, token, fetch }: Omit<ScriptInput, "comment">) =>
  createClient<paths>({ baseUrl: `${origin}/api`, fetch, headers: { Authorization: `Bearer ${token}` } });

/** With a token alone: list the tickets, open the first, comment on it. */
export async function scriptJourney(input: ScriptInput) {
  const { ticketTitles, ticket, comment } = await commentOnFirstPendingTicket(scriptClient(input), input.comment, "the token's owner");
  return { ticketTitles, opened: { id: ticket.id, title: ticket.title }, comment };
}

/** One comment with a token, however it is answered: the status and the problem's detail. */
export async function scriptComment(input: ScriptInput & { ticketId: string }) {
  const added = await scriptClient(input).POST("/tickets/{id}/comments", { params: { path: { id: input.ticketId } }, body: { content: input.comment } });
  return { status: added.response.status, detail: added.error?.detail ?? null };
}
