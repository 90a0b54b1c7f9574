import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import { PG, pgErrorCode } from "../db/errors";
import type { Logger } from "../observability/logger";

export interface FieldError {
  field: string;
  message: string;
}

/** An error the client may see, sent as RFC 9457 application/problem+json (DESIGN D10). */
export class Problem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly title: string,
    readonly detail: string,
    readonly errors?: FieldError[],
    /** A stable, machine-readable name for refusals a client acts on (problem+json extension member). */
    readonly code?: string,
  ) {
    super(detail);
  }

  /** Extra response headers (`Retry-After` on a 429, `Connection: close` on a 413). */
  headers: Record<string, string> = {};

  withHeaders(headers: Record<string, string>): this {
    this.headers = { ...this.headers, ...headers };
    return this;
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) => new Problem(400, "Bad Request", detail, errors);
export const unauthorized = (detail = "Sign in to continue") => new Problem(401, "Unauthorized", detail);
export const forbidden = (detail = "You do not have permission to do this") => new Problem(403, "Forbidden", detail);
/** REQUIRE_ADMIN_2FA: an admin without two-factor sign-in (ADR 019); the web app sends them to enrol. */
export const TWO_FACTOR_REQUIRED = "two_factor_required";
export const twoFactorRequired = () =>
  new Problem(403, "Forbidden", "Admins must turn on two-factor sign-in before using the admin area. Turn it on from your account page.", undefined, TWO_FACTOR_REQUIRED);
export const notFound = (detail = "Not found") => new Problem(404, "Not Found", detail);
export const conflict = (detail: string, errors?: FieldError[]) => new Problem(409, "Conflict", detail, errors);
/** 429 with the seconds to wait, as `Retry-After` says them. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new Problem(429, "Too Many Requests", detail).withHeaders({ "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export function problemJson(c: Context, problem: Problem): Response {
  const body = {
    type: "about:blank",
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...(problem.code ? { code: problem.code } : {}),
    // The X-Request-Id of this answer (http/request-log.ts): what a user can quote to support, and
    // what finds the request's log line.
    ...(c.var.requestId ? { requestId: c.var.requestId } : {}),
  };
  return c.body(JSON.stringify(body), problem.status, { ...problem.headers, "Content-Type": "application/problem+json" });
}

export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join(".") : "body",
    message: issue.message,
  }));
}

/** 400 whose detail names every offending field, e.g. "title: Too small". */
export function validationProblem(error: ZodError): Problem {
  const errors = fieldErrors(error);
  return badRequest(errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
}

/** Postgres error codes a well-formed request can still trigger, mapped to client errors. */
function fromDatabaseError(error: unknown): Problem | undefined {
  const code = pgErrorCode(error);
  if (code === undefined) return undefined;
  switch (code) {
    case PG.uniqueViolation:
      return conflict("A record with this value already exists");
    case PG.foreignKeyViolation:
      return badRequest("A referenced record does not exist");
    case PG.checkViolation:
    case "22P02":
    case "22007":
    case "22008":
    case "22003":
    case "22001":
    case "22021": // a NUL character (0x00): Postgres text cannot hold it
    case "22P05": // a character the database encoding lacks
      return badRequest("A value is out of range or malformed");
    default:
      return undefined;
  }
}

/** The app's error handler: every error as problem+json; an unexpected one logged with its request id. */
export function errorHandler(log: Logger) {
  return (error: Error, c: Context): Response => {
    if (error instanceof Problem) return problemJson(c, error);
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return problemJson(c, new Problem(status, error.message || "Error", error.message || "Request failed"));
    }
    const mapped = fromDatabaseError(error);
    if (mapped) return problemJson(c, mapped);
    // Never leak a stack trace or SQL text: log it here (not the URL: its query may carry a
    // token), answer with a generic problem.
    log.error({ event: "http.error", requestId: c.var.requestId, method: c.req.method, err: error }, "request failed");
    return problemJson(c, new Problem(500, "Internal Server Error", "Something went wrong on our side"));
  };
}
