import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * Holds answers to an OpenAPI 3.1 document: the status must be one the operation declares, and a
 * JSON body must validate against the schema declared for that status and media type. Knows
 * nothing of Portico; answers.ts applies it to the API suite's answers.
 */

/** The part of an OpenAPI 3.1 document the check reads; anything else in it is left alone. */
export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

interface MediaTypeObject {
  schema?: unknown;
}

interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaTypeObject | undefined>;
}

interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject | undefined>;
}

/** One answer as a client received it. */
export interface Answer {
  method: string;
  /** The path the request went to (no origin, no query), as the server saw it: still percent-encoded. */
  path: string;
  status: number;
  contentType: string | null;
  /** The body as text; undefined when it was not read (an endless event stream). */
  text: string | undefined;
}

export interface ContractOptions {
  /**
   * Statuses an answer to a path with no documented operation may have. Such a path is no route,
   * so 404 (and 405, a known path without that method) is all it may answer: anything else means a
   * route the document lacks answered. A server whose middleware refuses before any route is
   * looked up (no session, a foreign origin) adds those statuses here.
   */
  unmatchedStatuses?: (method: string) => readonly number[];
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
/** The media types whose bodies are parsed and validated; any other body is checked by its type only. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
/** The document's own identifier inside Ajv: schemas are compiled as `${DOC_ID}#<JSON pointer>`. */
const DOC_ID = "https://contract.invalid/openapi.json";

interface Template {
  path: string;
  regex: RegExp;
  /** Literal (non-templated) characters per segment; a concrete path wins over a templated one. */
  literalSegments: boolean[];
}

/** The JSON pointer (RFC 6901) of `tokens`, URI-encoded for use as a fragment. */
const pointer = (tokens: readonly string[]) => tokens.map((token) => `/${encodeURIComponent(token.replaceAll("~", "~0").replaceAll("/", "~1"))}`).join("");

export class OpenApiContract {
  private readonly ajv: Ajv2020;
  private readonly templates: Template[];
  private readonly basePath: string;
  /** By schema location (a JSON pointer) and by schema text. */
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(
    private readonly document: OpenApiDocument,
    private readonly options: ContractOptions = {},
  ) {
    // JSON Schema 2020-12, the dialect of OpenAPI 3.1's schema objects. `strict: false` because the
    // document is OpenAPI, not bare JSON Schema: its schema objects may carry OpenAPI's own
    // annotations (example, xml, externalDocs, discriminator), and the document around them
    // (paths, info, components) is added as one schema so that `#/components/...` references
    // resolve. Non-strict only lets unknown keywords through: every validation keyword still
    // applies, and formats are still checked (ajv-formats, full mode).
    // `validateSchema: false`: the document is no JSON Schema at its root, so checking it against
    // the meta-schema would look at none of its schemas, and compiling the meta-schema costs more
    // (~50 ms a file) than every check of most files together.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, validateSchema: false });
    addFormats(this.ajv, { mode: "full" });
    this.ajv.addSchema(document as object, DOC_ID);
    this.basePath = basePathOf(document);
    this.templates = Object.keys(document.paths ?? {}).map(templateOf);
  }

  /** What is wrong with this answer; empty when the document allows it. */
  check(answer: Answer): string[] {
    const method = answer.method.toUpperCase();
    const apiPath = this.relativePath(answer.path);
    const said = `${method} ${answer.path} answered ${answer.status}`;
    if (apiPath === undefined) return [`${said}, but the path is outside the document's server ${this.basePath || "/"}`];
    const found = this.operationFor(method, apiPath);
    if (!found) {
      const allowed = this.options.unmatchedStatuses?.(method) ?? [404, 405];
      if (allowed.includes(answer.status)) return [];
      return [`${said}, but the document has no operation ${method} for this path: an undocumented route answered (expected ${allowed.join(" or ")})`];
    }
    const { template, operation, tokens } = found;
    const where = `${operation.operationId ?? "operation"} (${method} ${template})`;
    const declared = this.responseFor(operation, tokens, answer.status);
    if (!declared) {
      const statuses = Object.keys(operation.responses ?? {}).join(", ") || "none";
      return [`${said}, a status ${where} does not declare (it declares ${statuses})`];
    }
    // A HEAD answer is a GET's without its body.
    if (method === "HEAD") return [];
    return this.checkBody(answer, said, where, declared);
  }

  /** Whether the document has an operation for `method` at `path` (a request path, below the document's server). */
  describes(method: string, path: string): boolean {
    const apiPath = this.relativePath(path);
    return apiPath !== undefined && this.operationFor(method.toUpperCase(), apiPath) !== undefined;
  }

  /** The body's media type must be declared for the status, and a JSON body must match its schema. */
  private checkBody(answer: Answer, said: string, where: string, declared: { response: ResponseObject; tokens: string[] }): string[] {
    const content = declared.response.content ?? {};
    const declaredTypes = Object.keys(content);
    const mediaType = answer.contentType?.split(";")[0]!.trim().toLowerCase() || undefined;
    const hasBody = answer.text === undefined ? mediaType !== undefined : answer.text !== "";
    if (declaredTypes.length === 0) return hasBody ? [`${said} with a body (${mediaType ?? "no content type"}), but ${where} declares none for ${answer.status}`] : [];
    if (!mediaType || !hasBody) return [`${said} without a ${mediaType ? "body" : "content type"}, but ${where} declares ${declaredTypes.join(", ")} for ${answer.status}`];
    const declaredType = mediaTypeMatch(declaredTypes, mediaType);
    if (!declaredType) return [`${said} as ${mediaType}, but ${where} declares ${declaredTypes.join(", ")} for ${answer.status}`];
    // Only JSON is parsed; a stream that was not read has nothing more to check.
    if (!JSON_TYPE.test(mediaType) || answer.text === undefined || content[declaredType]?.schema === undefined) return [];
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [`${said} with a ${mediaType} body that is not JSON: ${excerpt(answer.text)}`];
    }
    const validate = this.validator([...declared.tokens, "content", declaredType, "schema"]);
    if (validate(body)) return [];
    return [`${said} with a body that does not match the ${declaredType} schema of ${where}: ${describeErrors(validate.errors ?? [])}; body: ${excerpt(answer.text)}`];
  }

  /** The request path relative to the document's server, or undefined when it lies outside it. */
  private relativePath(path: string): string | undefined {
    if (!this.basePath) return path;
    if (path === this.basePath) return "/";
    return path.startsWith(`${this.basePath}/`) ? path.slice(this.basePath.length) : undefined;
  }

  /**
   * The operation for `method` at `path`. OpenAPI: "concrete paths are matched before templated
   * ones" (`/companies/mine` before `/companies/{id}`), so among the templates that match, the one
   * with a literal segment where the others have a parameter wins. HEAD falls back to GET, as HTTP
   * servers answer it.
   */
  private operationFor(method: string, path: string) {
    const candidates = this.templates.filter((template) => template.regex.test(path)).sort(bySpecificity);
    const keys = (method === "HEAD" ? ["head", "get"] : [method.toLowerCase()]).filter((key) => (METHODS as readonly string[]).includes(key));
    for (const key of keys) {
      for (const template of candidates) {
        const operation = this.document.paths?.[template.path]?.[key] as OperationObject | undefined;
        if (operation) return { template: template.path, operation, tokens: ["paths", template.path, key] };
      }
    }
    return undefined;
  }

  /** The declared response for `status`: exact, then its range (`4XX`), then `default`; `$ref`s followed. */
  private responseFor(operation: OperationObject, tokens: string[], status: number): { response: ResponseObject; tokens: string[] } | undefined {
    const responses = operation.responses ?? {};
    const key = [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, "default"].find((candidate) => responses[candidate] !== undefined);
    if (key === undefined) return undefined;
    let response = responses[key]!;
    let at = [...tokens, "responses", key];
    for (let hops = 0; response.$ref !== undefined && hops < 10; hops++) {
      const ref = response.$ref;
      if (!ref.startsWith("#/")) throw new Error(`Only local references are followed: ${ref}`);
      at = ref.slice(2).split("/").map((token) => decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~"));
      response = at.reduce<unknown>((node, token) => (node as Record<string, unknown> | undefined)?.[token], this.document) as ResponseObject;
      if (!response) throw new Error(`Unresolvable reference ${ref}`);
    }
    return { response, tokens: at };
  }

  /**
   * Compiled on first use, once per distinct schema: generated documents repeat schemas inline
   * (Portico's: 176 response schemas, 31 distinct, the problem schema in most), and a compile
   * costs milliseconds where a validation costs microseconds. Equal text compiles alike: a
   * `#/...` reference inside resolves against the document wherever the schema sits.
   */
  private validator(tokens: string[]): ValidateFunction {
    const location = pointer(tokens);
    let validate = this.validators.get(location);
    if (!validate) {
      const schema = tokens.reduce<unknown>((node, token) => (node as Record<string, unknown> | undefined)?.[token], this.document);
      const text = JSON.stringify(schema);
      validate = this.validators.get(text) ?? this.ajv.getSchema(`${DOC_ID}#${location}`);
      if (!validate) throw new Error(`No schema at ${location}`);
      this.validators.set(location, validate);
      this.validators.set(text, validate);
    }
    return validate;
  }
}

const contracts = new Map<string, OpenApiContract>();

/**
 * The contract of a served document, made once per process for each distinct document text: every
 * test server of a file (and every file of a worker) serves the same one, so it is compiled once.
 */
export function contractFor(documentText: string, options: ContractOptions = {}): OpenApiContract {
  let contract = contracts.get(documentText);
  if (!contract) {
    contract = new OpenApiContract(JSON.parse(documentText) as OpenApiDocument, options);
    contracts.set(documentText, contract);
  }
  return contract;
}

/** The path of the first `servers` entry (`/api`); paths are relative to `/` without one, as OpenAPI says. */
function basePathOf(document: OpenApiDocument): string {
  const url = document.servers?.[0]?.url;
  if (!url) return "";
  return new URL(url, "http://server.invalid").pathname.replace(/\/+$/, "");
}

function templateOf(path: string): Template {
  const segments = path.split("/");
  const source = segments
    .map((segment) => segment.split(/(\{[^}]+\})/).map((part) => (/^\{[^}]+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))).join(""))
    .join("/");
  return { path, regex: new RegExp(`^${source}$`), literalSegments: segments.map((segment) => !segment.includes("{")) };
}

/** The template with a literal segment first, where the other has a parameter, comes first. */
function bySpecificity(a: Template, b: Template): number {
  for (let i = 0; i < Math.min(a.literalSegments.length, b.literalSegments.length); i++) {
    if (a.literalSegments[i] !== b.literalSegments[i]) return a.literalSegments[i] ? -1 : 1;
  }
  return 0;
}

/** The declared media type key that covers `mediaType`: exact, then `type/*`, then `*\/*`. */
function mediaTypeMatch(declared: string[], mediaType: string): string | undefined {
  const lower = declared.map((key) => key.toLowerCase());
  const candidates = [mediaType, `${mediaType.split("/")[0]}/*`, "*/*"];
  for (const candidate of candidates) {
    const index = lower.indexOf(candidate);
    if (index >= 0) return declared[index];
  }
  return undefined;
}

function describeErrors(errors: ErrorObject[]): string {
  const more = errors.length > 8 ? `; and ${errors.length - 8} more` : "";
  return errors
    .slice(0, 8)
    .map((error) => `${error.instancePath || "(body)"} ${error.message ?? error.keyword}${["additionalProperties", "enum", "const"].includes(error.keyword) ? ` ${JSON.stringify(error.params)}` : ""}`)
    .join("; ") + more;
}

const excerpt = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text);
