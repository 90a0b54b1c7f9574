import { readdirSync, readFileSync } from "node:fs";
import { join, posix, sep } from "node:path";

/**
 * The web app's own import graph, read from its sources (`src/web/…`, tests left out): for each
 * file, the web files it imports statically and those it imports with `import()`. The bundle
 * budgets use it to find admin-only code, and the catalogue plugin to give each area of the app
 * the messages of its own files (scripts/area-catalogues.ts).
 */
export interface WebImports {
  static: string[];
  dynamic: string[];
}

const staticPattern = /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']|\bimport\s+["']([^"']+)["']/g;
const dynamicPattern = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

export function webImportGraph(root: string): Map<string, WebImports> {
  const web = join(root, "src/web");
  const files = (readdirSync(web, { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => `src/web/${file.split(sep).join("/")}`);
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | undefined => {
    let base: string;
    if (spec.startsWith("@/web/")) base = `src/web/${spec.slice("@/web/".length)}`;
    else if (spec.startsWith(".")) base = posix.join(posix.dirname(from), spec);
    else return undefined;
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => known.has(candidate));
  };
  const targets = (file: string, text: string, pattern: RegExp) =>
    [...text.matchAll(pattern)].map((match) => resolve(file, match[1] ?? match[2]!)).filter((target): target is string => target !== undefined);
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(root, file), "utf8");
      return [file, { static: targets(file, text, staticPattern), dynamic: targets(file, text, dynamicPattern) }];
    }),
  );
}

/** The files `roots` reach: through static imports, and through dynamic ones too when asked. */
export function reachableFrom(graph: Map<string, WebImports>, roots: Iterable<string>, { dynamic }: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const imports = graph.get(file);
    imports?.static.forEach(visit);
    if (dynamic) imports?.dynamic.forEach(visit);
  };
  for (const file of roots) visit(file);
  return seen;
}
