import { z } from "@hono/zod-openapi";
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
export const idParams = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

/** A required JSON request body. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

export const sessionSecurity = [{ cookieAuth: [] }];
