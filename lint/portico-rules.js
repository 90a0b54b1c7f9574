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

/** Properties that name a process dependency: they come in the ServiceContext, never in a service's input. */
const processDependencies = new Set(["store", "log", "logger", "auth", "settings", "env", "db", "mail", "clock", "announce", "deps"]);

/** The name a type reference points at (`ServiceContext`, `Pick`, `UserAction`), or undefined. */
function referenceName(type) {
  return type?.type === "TSTypeReference" && type.typeName.type === "Identifier" ? type.typeName.name : undefined;
}

/**
 * `ServiceContext` or `ActingContext<…>` (one acting as a SystemActor), or `Pick<ServiceContext, …>` /
 * `Omit<ServiceContext, …>`: a parameter that is (part of) the context.
 */
function isContextType(type) {
  const name = referenceName(type);
  if (name === "ServiceContext" || name === "ActingContext") return true;
  const [first] = (type?.typeArguments ?? type?.typeParameters)?.params ?? [];
  return (name === "Pick" || name === "Omit") && referenceName(first) === "ServiceContext";
}

/** The type annotation of a parameter, looking through a default value (`input: T = …`). */
function annotationOf(param) {
  const target = param?.type === "AssignmentPattern" ? param.left : param;
  return target?.typeAnnotation?.typeAnnotation;
}

/** The written name of a property key (`store`, `"store"`), or undefined for a computed one. */
function keyName(key) {
  if (key?.type === "Identifier") return key.name;
  if (key?.type === "Literal") return String(key.value);
  return undefined;
}

/**
 * Every function that takes the context is `fn(ctx: ServiceContext, input?)`: the request's
 * database, actor, publisher and the process's dependencies come in one way, so no service can be
 * called without its caller's scope, a second positional argument never drifts in (ADR 011), and
 * no caller hands a service a store, logger, auth or settings of its own choosing. Service files
 * (*.service.ts) export only such functions; anywhere else the rule holds for each exported
 * function whose first parameter is the context.
 */
const serviceSignature = {
  meta: {
    type: "problem",
    docs: { description: "Exported functions of *.service.ts, and every exported function taking ServiceContext first, take (ctx: ServiceContext, input?) with no process dependency in the input." },
    schema: [],
    messages: {
      context: "Service {{name}} must take `ctx: ServiceContext` as its first parameter.",
      arity: "Service {{name}} takes (ctx, input): put its other arguments into the one input object.",
      dependency:
        "Service {{name}} takes the process dependency `{{property}}` in its input: read it from the ServiceContext (modules/context.ts) instead.",
    },
  },
  create(context) {
    const serviceFile = /\.service\.ts$/.test(context.physicalFilename);
    const program = context.sourceCode.ast;
    /** Interfaces and type aliases declared in this file, so that `input: UserAction` is looked into as well. */
    const localTypes = new Map();
    for (const statement of program.body) {
      const declaration = statement.type === "ExportNamedDeclaration" ? statement.declaration : statement;
      if (declaration?.type === "TSInterfaceDeclaration" || declaration?.type === "TSTypeAliasDeclaration") localTypes.set(declaration.id.name, declaration);
    }

    /** The property names a type carries: a type literal, an intersection, or a local interface or alias of those. */
    const propertiesOf = (type, seen = new Set()) => {
      if (!type) return [];
      if (type.type === "TSTypeLiteral") return type.members.map((member) => keyName(member.key)).filter(Boolean);
      if (type.type === "TSIntersectionType") return type.types.flatMap((part) => propertiesOf(part, seen));
      const name = referenceName(type);
      const declaration = name && !seen.has(name) ? localTypes.get(name) : undefined;
      if (!declaration) return [];
      seen.add(name);
      if (declaration.type === "TSTypeAliasDeclaration") return propertiesOf(declaration.typeAnnotation, seen);
      const inherited = (declaration.extends ?? []).flatMap((heritage) =>
        heritage.expression.type === "Identifier" ? propertiesOf({ type: "TSTypeReference", typeName: heritage.expression }, seen) : [],
      );
      return [...declaration.body.body.map((member) => keyName(member.key)).filter(Boolean), ...inherited];
    };

    /** The names an input parameter carries: its destructured keys and its type's properties. */
    const inputNames = (param) => {
      const target = param.type === "AssignmentPattern" ? param.left : param;
      const destructured = target.type === "ObjectPattern" ? target.properties.map((property) => keyName(property.key)).filter(Boolean) : [];
      return [...destructured, ...propertiesOf(annotationOf(param))];
    };

    const check = (name, fn) => {
      const [first, ...rest] = fn.params;
      if (!isContextType(annotationOf(first))) {
        if (serviceFile) context.report({ node: fn, messageId: "context", data: { name } });
        return;
      }
      if (rest.length > 1) {
        context.report({ node: fn, messageId: "arity", data: { name } });
        return;
      }
      if (rest.length === 0) return;
      const property = inputNames(rest[0]).find((key) => processDependencies.has(key));
      if (property) context.report({ node: rest[0], messageId: "dependency", data: { name, property } });
    };
    const isFunction = (node) => node?.type === "ArrowFunctionExpression" || node?.type === "FunctionExpression";
    return {
      "ExportNamedDeclaration > FunctionDeclaration": (node) => check(node.id?.name ?? "default", node),
      "ExportDefaultDeclaration > FunctionDeclaration": (node) => check(node.id?.name ?? "default", node),
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
