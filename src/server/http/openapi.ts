import type { z } from "zod";
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

export const sessionSecurity = [{ cookieAuth: [] }];
