import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Stripe from "stripe";
import { fromMinorUnits } from "@/server/modules/payments/stripe-provider";

/*
 * A local Stripe for tests: the real `stripe` SDK talks to it over HTTP as it talks to
 * api.stripe.com (form-encoded bodies in bracket notation, Bearer key, Idempotency-Key, Stripe's
 * JSON objects and error shape), and it sends signed webhooks as Stripe does. Names follow Stripe's
 * OpenAPI description (checkout.session, charge, event). Only what Portico uses is there: creating
 * and reading Checkout Sessions in payment mode, a hosted page that pays one, refunds.
 */

/** A Checkout Session as Stripe's API answers it (the fields Portico and its tests read). */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  status: "open" | "complete";
  success_url: string | null;
  url: string | null;
}

/** What a session was created with that Stripe keeps out of the session object itself. */
interface SessionExtras {
  lineItems: { name: string; unitAmount: number; quantity: number }[];
  paymentIntentMetadata: Record<string, string>;
}

/** A charge as it appears in `charge.refunded` events. */
export interface FakeCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: true;
  created: number;
  currency: string;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  refunded: boolean;
  status: "succeeded";
}

export interface FakeStripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: object; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** One API request the fake received, its form body decoded from bracket notation. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  form: Record<string, unknown>;
  /** The status it answered. */
  status: number;
}

/** One webhook POST the fake made, and what the receiver answered. */
export interface WebhookDelivery {
  event: FakeStripeEvent;
  /** The exact bytes signed and sent. */
  body: string;
  /** The Stripe-Signature header sent with them. */
  signature: string;
  status: number;
  answer: string;
}

/** Where a webhook goes and the endpoint's signing secret (`whsec_…`). */
export interface WebhookTarget {
  webhookUrl: string;
  webhookSecret: string;
}

export interface SendOptions extends Partial<WebhookTarget> {
  /** Unix seconds the signature claims (default now): an old one tests the receiver's tolerance. */
  timestamp?: number;
  /** A Stripe-Signature header to send verbatim instead of signing afresh (a captured request replayed). */
  signature?: string;
}

export interface FakeStripe {
  /** The API's base URL, for `stripeProvider({ apiUrl })`. */
  url: URL;
  /** The only key the fake accepts. */
  secretKey: string;
  sessions(): FakeCheckoutSession[];
  session(id: string): FakeCheckoutSession | undefined;
  requests(): FakeStripeRequest[];
  deliveries(): WebhookDelivery[];
  /** The next `count` API requests answer `status` (default 500) with Stripe's error JSON. */
  failNextRequests(count: number, status?: number): void;
  /** Pays the session (as the hosted page's Pay button does) and delivers `checkout.session.completed`. */
  completeSession(id: string, target?: Partial<WebhookTarget>): Promise<WebhookDelivery>;
  /** Refunds `amountMinor` more of the payment and delivers `charge.refunded` (amount_refunded is the running total). */
  refund(paymentIntentId: string, amountMinor: number, target?: Partial<WebhookTarget>): Promise<WebhookDelivery>;
  /**
   * Delivers an event: one of `deliveries()` (its body again, re-signed now unless a `signature` is
   * given: Stripe's retry of the same event), an event object, or a raw body exactly as given.
   */
  sendEvent(event: WebhookDelivery | FakeStripeEvent | string, options?: SendOptions): Promise<WebhookDelivery>;
  /** Connections are refused from now on (Stripe unreachable). */
  stop(): Promise<void>;
}

export interface FakeStripeOptions extends Partial<WebhookTarget> {
  /** The secret key clients must send; default `sk_test_fake`. */
  secretKey?: string;
  /** The port to listen on (127.0.0.1); default a free one. The end-to-end server is configured with it before the fake starts. */
  port?: number;
}

const now = () => Math.floor(Date.now() / 1000);
/** Stripe-like ids: a prefix and random letters and digits. */
const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "0")}`;

/** Builds an event as Stripe sends it to a webhook endpoint, for `sendEvent`. */
export function fakeStripeEvent(type: string, object: object, extra: Partial<FakeStripeEvent> = {}): FakeStripeEvent {
  return {
    id: newId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...extra,
  };
}

/** Decodes `a[b][0][c]=v` pairs into nested objects and arrays, as Stripe reads form bodies. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const slot = node as Record<string, unknown>;
      if (last) {
        slot[segment] = value;
        return;
      }
      slot[segment] ??= /^\d+$/.test(path[index + 1]!) ? [] : {};
      node = slot[segment] as Record<string, unknown>;
    });
  }
  return root;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const missing = (param: string) => new StripeApiError(400, "invalid_request_error", `Missing required param: ${param}.`, param, "parameter_missing");
const invalid = (param: string, message: string) => new StripeApiError(400, "invalid_request_error", message, param, "parameter_invalid");

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const integer = (value: unknown, param: string) => {
  if (typeof value !== "string" || !/^\d+$/.test(value)) throw new StripeApiError(400, "invalid_request_error", `Invalid integer: ${String(value)}`, param, "parameter_invalid_integer");
  return Number(value);
};
function metadataOf(value: unknown, param: string): Record<string, string> {
  if (value === undefined || value === "") return {};
  if (!isRecord(value)) throw invalid(param, "Invalid object");
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalid(param, "You can specify up to 50 keys.");
  for (const [key, entry] of entries) {
    if (typeof entry !== "string") throw invalid(`${param}[${key}]`, "Invalid string");
    if (key.length > 40 || entry.length > 500) throw invalid(`${param}[${key}]`, "Metadata keys are at most 40 characters and values at most 500.");
  }
  return value as Record<string, string>;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? "sk_test_fake";
  const sessions = new Map<string, { session: FakeCheckoutSession; extras: SessionExtras }>();
  const charges = new Map<string, FakeCharge>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const requests: FakeStripeRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  let failures: { left: number; status: number } = { left: 0, status: 500 };
  let origin = "";

  function createSession(form: Record<string, unknown>): FakeCheckoutSession {
    const mode = text(form.mode);
    if (!mode) throw missing("mode");
    if (mode !== "payment") throw invalid("mode", `This fake Stripe opens checkouts in payment mode only, not ${mode}.`);
    const successUrl = text(form.success_url);
    if (!successUrl) throw missing("success_url");
    const cancelUrl = text(form.cancel_url) ?? null;
    for (const [param, value] of [["success_url", successUrl], ["cancel_url", cancelUrl]] as const) {
      if (value !== null && !URL.canParse(value)) throw invalid(param, "Not a valid URL");
    }
    const items = form.line_items;
    if (!Array.isArray(items) || items.length === 0) throw new StripeApiError(400, "invalid_request_error", "You must provide at least one line item in `payment` mode.", "line_items", "parameter_missing");
    let currency: string | undefined;
    const lineItems = items.map((item: unknown, index) => {
      const param = `line_items[${index}]`;
      if (!isRecord(item) || !isRecord(item.price_data)) throw missing(`${param}[price_data]`);
      const price = item.price_data;
      const itemCurrency = text(price.currency);
      if (!itemCurrency) throw missing(`${param}[price_data][currency]`);
      if (!/^[a-z]{3}$/.test(itemCurrency)) throw invalid(`${param}[price_data][currency]`, `Invalid currency: ${itemCurrency}. Stripe currencies are three lower-case letters.`);
      if (currency && itemCurrency !== currency) throw invalid(`${param}[price_data][currency]`, "All line items must have the same currency.");
      currency = itemCurrency;
      if (price.unit_amount === undefined) throw missing(`${param}[price_data][unit_amount]`);
      const unitAmount = integer(price.unit_amount, `${param}[price_data][unit_amount]`);
      if (!isRecord(price.product_data) || !text(price.product_data.name)) throw missing(`${param}[price_data][product_data][name]`);
      if (item.quantity === undefined) throw missing(`${param}[quantity]`);
      const quantity = integer(item.quantity, `${param}[quantity]`);
      return { name: text(price.product_data.name)!, unitAmount, quantity };
    });
    const amount = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
    if (amount > 99_999_999) throw invalid("line_items", "The Checkout Session's total amount must be no more than 99999999 in minor units.");
    const customerEmail = text(form.customer_email) ?? null;
    if (customerEmail !== null && !/^[^@\s]+@[^@\s]+$/.test(customerEmail)) throw invalid("customer_email", `Invalid email address: ${customerEmail}`);
    const paymentIntentData = form.payment_intent_data;
    const created = now();
    const id = newId("cs_test");
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: cancelUrl,
      client_reference_id: text(form.client_reference_id) ?? null,
      created,
      currency: currency!,
      customer_details: null,
      customer_email: customerEmail,
      expires_at: created + 24 * 3600,
      livemode: false,
      metadata: metadataOf(form.metadata, "metadata"),
      mode: "payment",
      payment_intent: null,
      payment_method_types: ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: successUrl,
      url: `${origin}/checkout/${id}`,
    };
    const extras = {
      lineItems,
      paymentIntentMetadata: metadataOf(isRecord(paymentIntentData) ? paymentIntentData.metadata : undefined, "payment_intent_data[metadata]"),
    };
    sessions.set(id, { session, extras });
    return session;
  }

  /** Answers one /v1 request with [status, JSON body]. */
  function api(method: string, path: string, form: Record<string, unknown>): [number, object] {
    if (method === "POST" && path === "/v1/checkout/sessions") return [200, createSession(form)];
    const read = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && read) {
      const found = sessions.get(decodeURIComponent(read[1]!));
      if (!found) throw new StripeApiError(404, "invalid_request_error", `No such checkout.session: '${read[1]}'`, "session", "resource_missing");
      return [200, found.session];
    }
    throw new StripeApiError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}). This fake Stripe serves POST /v1/checkout/sessions and GET /v1/checkout/sessions/:id.`);
  }

  function answerJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { "content-type": "application/json", "request-id": newId("req"), ...headers }).end(body);
  }
  const errorBody = (error: StripeApiError) =>
    JSON.stringify({ error: { type: error.type, message: error.message, ...(error.param && { param: error.param }), ...(error.code && { code: error.code }) } });

  function handleApi(req: IncomingMessage, res: ServerResponse, raw: string) {
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?")[0]!;
    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const form = decodeStripeForm(method === "GET" ? ((req.url ?? "").split("?")[1] ?? "") : raw);
    const logged: FakeStripeRequest = { method, path, idempotencyKey, stripeVersion: typeof req.headers["stripe-version"] === "string" ? req.headers["stripe-version"] : null, form, status: 0 };
    requests.push(logged);
    const send = (status: number, body: string, headers?: Record<string, string>) => {
      logged.status = status;
      answerJson(res, status, body, headers);
    };
    // An outage comes before anything else: no key checked, nothing stored, no idempotent result kept.
    if (failures.left > 0) {
      failures.left -= 1;
      const { status } = failures;
      const type = status === 429 ? "rate_limit_error" : status >= 500 ? "api_error" : "invalid_request_error";
      return send(status, errorBody(new StripeApiError(status, type, `The fake Stripe was told to fail this request with ${status}.`)));
    }
    const authorization = req.headers.authorization ?? "";
    const key = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (!key) {
      return send(401, errorBody(new StripeApiError(401, "invalid_request_error", "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').")));
    }
    if (key !== secretKey) {
      return send(401, errorBody(new StripeApiError(401, "invalid_request_error", `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`)));
    }
    const fingerprint = `${method} ${path} ${raw}`;
    if (idempotencyKey && method === "POST") {
      const saved = idempotent.get(idempotencyKey);
      if (saved && saved.fingerprint !== fingerprint) {
        return send(400, errorBody(new StripeApiError(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`)));
      }
      if (saved) return send(saved.status, saved.body, { "idempotent-replayed": "true", "idempotency-key": idempotencyKey });
    }
    let status: number;
    let body: string;
    try {
      const [answered, object] = api(method, path, form);
      status = answered;
      body = JSON.stringify(object);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = errorBody(error);
    }
    // Stripe keeps a result for the key only once the request ran: a refused parameter is not kept.
    if (idempotencyKey && method === "POST" && status === 200) idempotent.set(idempotencyKey, { fingerprint, status, body });
    send(status, body, idempotencyKey ? { "idempotency-key": idempotencyKey } : {});
  }

  function checkoutPage(res: ServerResponse, id: string) {
    const found = sessions.get(id);
    if (!found) return res.writeHead(404, { "content-type": "text/html; charset=utf-8" }).end(page("Checkout not found", "<h1>Checkout not found</h1>"));
    const { session, extras } = found;
    const amount = `${fromMinorUnits(session.amount_total, session.currency)} ${session.currency.toUpperCase()}`;
    const items = extras.lineItems.map((item) => `<li>${escapeHtml(item.name)}</li>`).join("");
    const body =
      session.status === "complete"
        ? `<h1>${escapeHtml(amount)} paid</h1><p>This checkout is complete.</p>`
        : `<h1>Pay ${escapeHtml(amount)}</h1>
<ul>${items}</ul>
${session.customer_email ? `<p>Email: ${escapeHtml(session.customer_email)}</p>` : ""}
<p>Test mode: no card is charged.</p>
<form method="post" action="/checkout/${encodeURIComponent(id)}/pay"><button type="submit">Pay</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and return</a></p>` : ""}`;
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page(`Pay ${amount}`, body));
  }
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Fake Stripe Checkout</title></head><body><main>${body}</main></body></html>`;

  async function payFromPage(res: ServerResponse, id: string) {
    const found = sessions.get(id);
    const html = (status: number, message: string) => res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(page(message, `<h1>${escapeHtml(message)}</h1>`));
    if (!found) return html(404, "Checkout not found");
    if (found.session.status === "complete") return html(409, "This checkout is already paid");
    if (!options.webhookUrl || !options.webhookSecret) return html(500, "The fake Stripe was started without a webhookUrl and webhookSecret");
    // Delivered before the redirect, so that a test's browser comes back to a portal that knows.
    await completeSession(id);
    const successUrl = found.session.success_url!.replaceAll("{CHECKOUT_SESSION_ID}", id);
    res.writeHead(303, { location: successUrl }).end();
  }

  function target(given: Partial<WebhookTarget> = {}): WebhookTarget {
    const webhookUrl = given.webhookUrl ?? options.webhookUrl;
    const webhookSecret = given.webhookSecret ?? options.webhookSecret;
    if (!webhookUrl || !webhookSecret) throw new Error("No webhookUrl and webhookSecret: give them to startFakeStripe or to this call");
    return { webhookUrl, webhookSecret };
  }

  async function deliver(event: FakeStripeEvent, body: string, sendOptions: SendOptions): Promise<WebhookDelivery> {
    const { webhookUrl, webhookSecret } = target(sendOptions);
    const signature =
      sendOptions.signature ??
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret, ...(sendOptions.timestamp !== undefined && { timestamp: sendOptions.timestamp }) });
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
      body,
    });
    const delivery: WebhookDelivery = { event, body, signature, status: response.status, answer: await response.text() };
    deliveries.push(delivery);
    return delivery;
  }

  async function sendEvent(event: WebhookDelivery | FakeStripeEvent | string, sendOptions: SendOptions = {}) {
    if (typeof event === "string") return deliver(JSON.parse(event) as FakeStripeEvent, event, sendOptions);
    if ("body" in event) return deliver(event.event, event.body, sendOptions);
    // Stripe sends its events pretty-printed; the signature covers these exact bytes.
    return deliver(event, JSON.stringify(event, null, 2), sendOptions);
  }

  async function completeSession(id: string, given?: Partial<WebhookTarget>) {
    const found = sessions.get(id);
    if (!found) throw new Error(`No checkout session ${id}`);
    const { session, extras } = found;
    if (session.status === "complete") throw new Error(`Checkout session ${id} is already complete`);
    const webhook = target(given);
    const paymentIntent = newId("pi_test");
    Object.assign(session, {
      payment_intent: paymentIntent,
      payment_status: "paid",
      status: "complete",
      customer_details: { email: session.customer_email ?? "payer@example.com" },
    });
    charges.set(paymentIntent, {
      id: newId("ch_test"),
      object: "charge",
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      captured: true,
      created: now(),
      currency: session.currency,
      livemode: false,
      metadata: { ...extras.paymentIntentMetadata },
      paid: true,
      payment_intent: paymentIntent,
      refunded: false,
      status: "succeeded",
    });
    return sendEvent(fakeStripeEvent("checkout.session.completed", structuredClone(session)), webhook);
  }

  async function refund(paymentIntentId: string, amountMinor: number, given?: Partial<WebhookTarget>) {
    const charge = charges.get(paymentIntentId);
    if (!charge) throw new Error(`No payment ${paymentIntentId}`);
    if (!Number.isInteger(amountMinor) || amountMinor <= 0) throw new Error(`A refund is a positive integer of minor units, not ${amountMinor}`);
    if (charge.amount_refunded + amountMinor > charge.amount) throw new Error(`Refund of ${amountMinor} exceeds what is left of ${paymentIntentId}`);
    const webhook = target(given);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amountMinor;
    charge.refunded = charge.amount_refunded === charge.amount;
    return sendEvent(fakeStripeEvent("charge.refunded", structuredClone(charge), { data: { object: structuredClone(charge), previous_attributes: previous } }), webhook);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = (req.url ?? "/").split("?")[0]!;
      const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
      if (path.startsWith("/v1/")) return handleApi(req, res, raw);
      if (checkout && req.method === "GET" && !checkout[2]) return checkoutPage(res, decodeURIComponent(checkout[1]!));
      if (checkout && req.method === "POST" && checkout[2]) {
        return void payFromPage(res, decodeURIComponent(checkout[1]!)).catch((error: unknown) => {
          if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" }).end(`The fake Stripe could not complete the checkout: ${String(error)}`);
        });
      }
      answerJson(res, 404, errorBody(new StripeApiError(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${path}).`)));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: new URL(origin),
    secretKey,
    sessions: () => [...sessions.values()].map(({ session }) => structuredClone(session)),
    session: (id) => {
      const found = sessions.get(id);
      return found && structuredClone(found.session);
    },
    requests: () => [...requests],
    deliveries: () => [...deliveries],
    failNextRequests(count, status = 500) {
      failures = { left: count, status };
    },
    completeSession,
    refund,
    sendEvent,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
