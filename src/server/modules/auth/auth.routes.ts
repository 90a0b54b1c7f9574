import { Hono } from "hono";
import { signUpInputSchema } from "../../../shared/schemas/auth";
import { CLIENT_IP_HEADER } from "../../auth";
import type { AppDeps } from "../../http/context";
import { Problem, problemJson, validationProblem } from "../../http/problem";
import { clientIp } from "../../http/security";

/**
 * Better Auth's handler behind /api/auth/*, with three things added: the client address is set
 * from the socket (so rate limiting cannot be dodged with X-Forwarded-For), sign-up bodies are
 * checked with the same schema as the form, and errors are converted to problem+json.
 */
export function authRoutes({ auth, env }: Pick<AppDeps, "auth" | "env">) {
  return new Hono().on(["GET", "POST"], "/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, env.TRUSTED_PROXIES));
    const body = c.req.method === "POST" ? await c.req.text() : undefined;
    if (c.req.path.endsWith("/sign-up/email")) {
      const parsed = signUpInputSchema.safeParse(safeJson(body));
      if (!parsed.success) return problemJson(c, validationProblem(parsed.error));
    }
    const response = await auth.handler(new Request(c.req.url, { method: c.req.method, headers, body }));
    if (response.ok || !response.headers.get("content-type")?.includes("json")) return response;
    const { message } = (await response.json().catch(() => ({}))) as { message?: string };
    const problem = new Problem(
      response.status as 400,
      response.statusText || "Error",
      message || (response.status === 429 ? "Too many requests. Please try again later." : "Request failed"),
    );
    const converted = problemJson(c, problem);
    for (const [name, value] of response.headers) {
      if (name !== "content-type" && name !== "content-length") converted.headers.append(name, value);
    }
    return converted;
  });
}

function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "");
  } catch {
    return undefined;
  }
}
