/**
 * Import rules of DESIGN section 2 that need to know where an import lands inside the repository:
 * they read the `@/` alias (= src/) and relative paths alike, without resolving the file, so they
 * also hold for a module that does not exist yet.
 */
import { statSync } from "node:fs";
import path from "node:path";

const posix = path.posix;

/** The repository path (posix, relative to the lint root) of the file being linted. */
function fileOf(context) {
  return path.relative(context.cwd, context.physicalFilename).split(path.sep).join("/");
}

/**
 * Where `source`, imported from `file`, points inside the repository (posix, no extension), or
 * null for a package.
 */
export function targetOf(source, file, alias = { "@/": "src/" }) {
  const bare = source.replace(/[?#].*$/, "");
  let target = null;
  for (const [prefix, folder] of Object.entries(alias)) {
    if (bare.startsWith(prefix)) target = folder + bare.slice(prefix.length);
  }
  if (target === null && (bare === "." || bare === ".." || bare.startsWith("./") || bare.startsWith("../"))) {
    target = posix.join(posix.dirname(file), bare);
  }
  if (target === null) return null;
  return posix.normalize(target).replace(/\/$/, "").replace(/\.(d\.ts|tsx?|jsx?|mts|cts|mjs|cjs)$/, "");
}

/** Calls `check(literalNode, source)` for every import, re-export, dynamic import and `import("…")` type. */
function onImportSources(check) {
  const literal = (node) => {
    if (node?.type === "Literal" && typeof node.value === "string") check(node, node.value);
    else if (node?.type === "TemplateLiteral" && node.expressions.length === 0) check(node, node.quasis[0].value.cooked);
  };
  return {
    ImportDeclaration: (node) => literal(node.source),
    ExportNamedDeclaration: (node) => literal(node.source),
    ExportAllDeclaration: (node) => literal(node.source),
    ImportExpression: (node) => literal(node.source),
    TSImportType: (node) => {
      const argument = node.source ?? node.argument;
      literal(argument?.type === "TSLiteralType" ? argument.literal : argument);
    },
    TSExternalModuleReference: (node) => literal(node.expression),
  };
}

const aliasSchema = { type: "object", additionalProperties: { type: "string" } };

/** A file in features/<a>/ imports another feature <b> only through its public entry. */
const featureBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Features import each other only through their public entry (index.ts or a file at the feature root)." },
    schema: [
      {
        type: "object",
        properties: { featuresDir: { type: "string" }, alias: aliasSchema },
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        'Import "{{source}}" reaches into the internals of feature "{{feature}}": import its public entry ("@/{{entry}}") instead, and export what is needed from there.',
    },
  },
  create(context) {
    const { featuresDir = "src/web/features", alias } = context.options[0] ?? {};
    const file = fileOf(context);
    const prefix = `${featuresDir}/`;
    if (!file.startsWith(prefix)) return {};
    const own = file.slice(prefix.length).split("/")[0];
    return onImportSources((node, source) => {
      const target = targetOf(source, file, alias);
      if (!target?.startsWith(prefix)) return;
      const [feature, ...rest] = target.slice(prefix.length).split("/");
      if (!feature || feature === own || rest.length === 0) return;
      // A file directly at the feature root is public; a folder there (api/, components/ …) is not.
      if (rest.length === 1 && !isDirectory(path.join(context.cwd, target))) return;
      context.report({ node, messageId: "internal", data: { source, feature, entry: `${featuresDir.replace(/^src\//, "")}/${feature}` } });
    });
  },
};

function isDirectory(target) {
  try {
    return statSync(target).isDirectory();
  } catch {
    return false;
  }
}

/** Files under the configured `files` never import from the folders in `forbid`. */
const layerBoundaries = {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports that land in the given repository folders (alias or relative)." },
    schema: [
      {
        type: "object",
        properties: {
          forbid: { type: "array", items: { type: "string" }, minItems: 1 },
          message: { type: "string" },
          alias: aliasSchema,
        },
        required: ["forbid"],
        additionalProperties: false,
      },
    ],
    messages: { forbidden: 'Import "{{source}}" lands in {{folder}}/. {{message}}' },
  },
  create(context) {
    const { forbid, message = "", alias } = context.options[0];
    const file = fileOf(context);
    return onImportSources((node, source) => {
      const target = targetOf(source, file, alias);
      if (target === null) return;
      const folder = forbid.find((f) => target === f || target.startsWith(`${f}/`));
      if (folder) context.report({ node, messageId: "forbidden", data: { source, folder, message } });
    });
  },
};

/**
 * Every function a service file exports is `fn(ctx: ServiceContext, input?)`: the request's
 * database, actor and publisher come in one way, so no service can be called without its caller's
 * scope, and a second positional argument never drifts in (ADR 011).
 */
const serviceSignature = {
  meta: {
    type: "problem",
    docs: { description: "Exported functions of *.service.ts take (ctx: ServiceContext, input?)." },
    schema: [],
    messages: {
      context: "Service {{name}} must take `ctx: ServiceContext` as its first parameter.",
      arity: "Service {{name}} takes (ctx, input): put its other arguments into the one input object.",
    },
  },
  create(context) {
    const check = (name, fn) => {
      const [first, ...rest] = fn.params;
      const annotation = first?.typeAnnotation?.typeAnnotation;
      const typeName = annotation?.type === "TSTypeReference" ? annotation.typeName : undefined;
      if (typeName?.type !== "Identifier" || typeName.name !== "ServiceContext") {
        context.report({ node: fn, messageId: "context", data: { name } });
      } else if (rest.length > 1) {
        context.report({ node: fn, messageId: "arity", data: { name } });
      }
    };
    const isFunction = (node) => node?.type === "ArrowFunctionExpression" || node?.type === "FunctionExpression";
    return {
      "ExportNamedDeclaration > FunctionDeclaration": (node) => check(node.id?.name ?? "default", node),
      "ExportNamedDeclaration > VariableDeclaration > VariableDeclarator": (node) => {
        if (isFunction(node.init)) check(node.id.name, node.init);
      },
    };
  },
};

export default {
  meta: { name: "portico" },
  rules: { "feature-boundaries": featureBoundaries, "layer-boundaries": layerBoundaries, "service-signature": serviceSignature },
};
