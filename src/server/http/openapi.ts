import { createRoute, z } from "@hono/zod-openapi";
import { problemSchema } from "../../shared/schemas/problem";

/** Response declarations shared by every route definition. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

const problem = (description: string) => ({
  content: { "application/problem+json": { schema: problemSchema } },
  description,
});

export const problemResponses = {
  400: problem("The request is invalid; `errors` names each field"),
  401: problem("No valid session"),
  403: problem("The caller's role may not do this"),
  404: problem("No such record visible to the caller"),
  409: problem("Conflicts with an existing record"),
} as const;

/** The `{id}` path parameter of one record: a malformed id is a 400 naming `id`, never a database error. */
export const idParams = z.object({ id: z.uuid("Not a valid id").openapi({ param: { name: "id", in: "path" } }) });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

export const sessionSecurity = [{ cookieAuth: [] }];

type ProblemStatus = keyof typeof problemResponses;
type RouteConfig = Parameters<typeof createRoute>[0];

/** The problem answers named in `statuses`, declared once in problemResponses. */
type Problems<S extends readonly ProblemStatus[]> = { [K in S[number]]: (typeof problemResponses)[K] };
function problemsOf<const S extends readonly ProblemStatus[]>(statuses: S): Problems<S> {
  return Object.fromEntries(statuses.map((status) => [status, problemResponses[status]])) as Problems<S>;
}

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * Declares the routes of one tag of the session API, one line of routing table each:
 * `route.get(path, operationId, summary, problems, { request, responses, ... })`. Each gets the tag,
 * the session security, its operationId (the name a generated client calls it by) and, besides
 * its success answers, the problem answers it lists, in the one wording of problemResponses.
 */
export function sessionRoutes(tag: string) {
  const declare =
    <const M extends Method>(method: M) =>
    <const P extends string, const C extends Omit<RouteConfig, "method" | "path" | "summary" | "tags" | "security" | "operationId">, const S extends readonly ProblemStatus[]>(
      path: P,
      operationId: string,
      summary: string,
      problems: S,
      config: C,
    ) =>
      createRoute({
        ...config,
        method,
        path,
        summary,
        operationId,
        tags: [tag],
        security: sessionSecurity,
        responses: { ...config.responses, ...problemsOf(problems) },
      } as Omit<C, "responses"> & {
        method: M;
        path: P;
        summary: string;
        operationId: string;
        tags: string[];
        security: typeof sessionSecurity;
        responses: C["responses"] & Problems<S>;
      });
  return { get: declare("get"), post: declare("post"), put: declare("put"), patch: declare("patch"), delete: declare("delete") };
}
