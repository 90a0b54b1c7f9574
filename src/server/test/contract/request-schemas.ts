import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { OpenApiDocument } from "./openapi-contract";

/**
 * What the served OpenAPI document says a valid request is: each operation's parameters and
 * request body, and a validator for any schema in it (JSON Schema 2020-12, formats checked, as
 * the contract check holds answers). The tests that hold the document to what the server
 * enforces read it through this, so "the document calls it valid" means one thing everywhere.
 */

export type JsonSchema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The document's path template, relative to its server (`/tickets/{id}`). */
  path: string;
  operationId: string;
  security: Record<string, string[]>[];
  parameters: Parameter[];
  /** The media types of the request body and their schemas; none without a body. */
  body: { required: boolean; content: Record<string, JsonSchema> } | undefined;
  responses: Record<string, { headers?: Record<string, { required?: boolean }> }>;
  /** Where the operation sits in the document, for schema pointers. */
  tokens: string[];
}

const DOC_ID = "https://requests.invalid/openapi.json";
const METHODS = ["get", "put", "post", "delete", "patch"] as const;

const pointer = (tokens: readonly string[]) => tokens.map((token) => `/${encodeURIComponent(token.replaceAll("~", "~0").replaceAll("/", "~1"))}`).join("");

export class DocumentRequests {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly operations: Operation[];

  constructor(readonly document: OpenApiDocument) {
    // As the contract check: OpenAPI's own annotations pass (`strict: false`), every validation keyword and format applies.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, validateSchema: false });
    addFormats(this.ajv, { mode: "full" });
    this.ajv.addSchema(document as object, DOC_ID);
    this.operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      METHODS.filter((method) => item?.[method]).map((method) => {
        const operation = item![method] as Record<string, unknown>;
        const requestBody = operation.requestBody as { required?: boolean; content: Record<string, { schema: JsonSchema }> } | undefined;
        return {
          method: method.toUpperCase(),
          path,
          operationId: operation.operationId as string,
          security: (operation.security as Operation["security"] | undefined) ?? [],
          parameters: (operation.parameters as Parameter[] | undefined) ?? [],
          body: requestBody && {
            required: requestBody.required ?? false,
            content: Object.fromEntries(Object.entries(requestBody.content).map(([type, media]) => [type, media.schema])),
          },
          responses: operation.responses as Operation["responses"],
          tokens: ["paths", path, method],
        };
      }),
    );
  }

  operation(operationId: string): Operation {
    const found = this.operations.find((operation) => operation.operationId === operationId);
    if (!found) throw new Error(`The document has no operation ${operationId}`);
    return found;
  }

  /** The validator of the JSON request body of an operation. */
  bodyValidator(operation: Operation): ValidateFunction {
    return this.validatorAt([...operation.tokens, "requestBody", "content", "application/json", "schema"]);
  }

  /** The validator of one parameter's schema. */
  parameterValidator(operation: Operation, name: string): ValidateFunction {
    const index = operation.parameters.findIndex((parameter) => parameter.name === name);
    if (index < 0) throw new Error(`${operation.operationId} has no parameter ${name}`);
    return this.validatorAt([...operation.tokens, "parameters", String(index), "schema"]);
  }

  /** Whether the document calls this JSON body valid for the operation; with Ajv's errors when not. */
  checkBody(operationId: string, body: unknown): { valid: boolean; errors: string } {
    const validate = this.bodyValidator(this.operation(operationId));
    const valid = validate(body);
    return { valid, errors: describe(validate.errors ?? []) };
  }

  private validatorAt(tokens: string[]): ValidateFunction {
    const location = pointer(tokens);
    let validate = this.compiled.get(location);
    if (!validate) {
      validate = this.ajv.getSchema(`${DOC_ID}#${location}`);
      if (!validate) throw new Error(`No schema at ${location}`);
      this.compiled.set(location, validate);
    }
    return validate;
  }
}

export const describe = (errors: ErrorObject[]) => errors.map((error) => `${error.instancePath || "(body)"} ${error.message ?? error.keyword}`).join("; ");

/** The document a test server serves, read as requests. */
export async function servedRequests(baseUrl: string): Promise<DocumentRequests> {
  const response = await fetch(new URL("/api/openapi.json", baseUrl));
  if (response.status !== 200) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  return new DocumentRequests((await response.json()) as OpenApiDocument);
}

/** The response headers an operation's document marks required for `status`. */
export function requiredHeaders(operation: Operation, status: number): string[] {
  const headers = operation.responses[String(status)]?.headers ?? {};
  return Object.entries(headers)
    .filter(([, header]) => header.required)
    .map(([name]) => name);
}
