import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type Rolldown } from "vite";
import { areaCatalogues, areaFiles } from "./scripts/area-catalogues.ts";
import { linguiMacros } from "./scripts/lingui-macros.ts";
import { themeScript } from "./scripts/theme-script.ts";

const apiPort = process.env.API_PORT ?? "3001";

/** In dev, Vite serves index.html: fill in the brand the way the server does in production. */
function brandInDev(): Plugin {
  return {
    name: "portico-brand-dev",
    apply: "serve",
    transformIndexHtml: (html) => html.replaceAll("__BRAND_NAME__", process.env.BRAND_NAME ?? "Portico"),
  };
}

/**
 * With PORTICO_BUNDLE_REPORT=1, writes `.vite/bundle-report.json` into the build: every chunk's
 * file, static and dynamic imports and source modules, so the byte budgets (bench/bundle-budget.ts)
 * can follow what each page loads module by module (Vite's manifest names only entry modules).
 */
function bundleReport(): Plugin {
  return {
    name: "portico-bundle-report",
    apply: () => process.env.PORTICO_BUNDLE_REPORT === "1",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((output) => output.type === "chunk")
        .map((chunk) => ({
          file: chunk.fileName,
          name: chunk.name,
          isEntry: chunk.isEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          modules: chunk.moduleIds.map((id) => relative(process.cwd(), id.replace(/^\0/, "")).replaceAll("\\", "/")),
        }));
      this.emitFile({ type: "asset", fileName: ".vite/bundle-report.json", source: JSON.stringify({ chunks }, null, 1) });
    },
  };
}

/**
 * A dynamic import's preload list names every chunk the imported one needs, also those its
 * importer has imported statically: loaded before the importer ran, they are loaded already, and
 * naming them only costs bytes in the importer (each lazy route in the entry, the notification
 * panel in the header). The graph is the bundle's, read just before Vite writes the lists.
 */
function preloadOnlyWhatIsMissing() {
  let bundle: Rolldown.OutputBundle | undefined;
  const loadedWith = (host: string, seen = new Set<string>()): Set<string> => {
    const chunk = bundle?.[host];
    if (chunk?.type === "chunk" && !seen.has(host)) {
      seen.add(host);
      for (const file of chunk.imports) loadedWith(file, seen);
    }
    return seen;
  };
  const plugin: Plugin = {
    name: "portico-bundle-graph",
    apply: "build",
    generateBundle(_options, output) {
      bundle = output;
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId, hostType }: { hostId: string; hostType: "html" | "js" }) => {
    if (hostType !== "js") return deps;
    const loaded = loadedWith(hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}

const preloads = preloadOnlyWhatIsMissing();

/** The library chunks named below (codeSplitting.groups). */
const namedChunks = ["vendor", "forms", "admin-forms", "regexes", "sonner", "customer-shared"];

/**
 * Our modules that six or more screens share, and that neither a signed-out page nor the shell
 * needs, go in one chunk: split by importer they were many small chunks, and each chunk's import
 * and export lists cost bytes gzip cannot fold across files (19.4 KiB of "per-chunk overhead" in
 * the customer area, npm run bench:bundle-sources). Six, not two: the chunk comes with a
 * customer's (or an admin's) first screen, so the more it holds, the more a first visit waits for
 * (ADR 008, amended). Admin-only code is not in the customer area, so no customer downloads it; a
 * signed-out page never loads the chunk.
 */
function customerShared(root: string) {
  const { publicFiles, customerFiles } = areaFiles(root);
  return (id: string) => {
    const file = relative(root, id.replace(/^\0/, "").replace(/\?.*$/, "")).replaceAll("\\", "/");
    return customerFiles.has(file) && !publicFiles.has(file);
  };
}

/**
 * React Router's package exports name only its development build, whose dev warnings (and the
 * "Hey developer" error screen useRoutes renders) are kept because a constant turns them on. Its
 * production build, shipped in the same package, is the same code with that constant off: the
 * minifier then drops them. Production builds use it; `vite dev` keeps the warnings.
 */
const reactRouterForProduction = fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url));

/**
 * What stops the minifier from dropping the parts of React Router the app never renders (Form,
 * ScrollRestoration, the data router's contexts, and all they call): each is created by a call the
 * bundler must assume has side effects, then given a `displayName`, which only React's developer
 * tools read. In the production build this marks those calls pure and leaves the names out.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: "portico-react-router-tree-shaking",
    apply: "build",
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/ },
      handler: (code) => ({
        code: code
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "")
          .replace(/^(var [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, "$1/* @__PURE__ */ $2"),
        map: null,
      }),
    },
  };
}

export default defineConfig(({ mode }) => ({
  root: "src/web",
  publicDir: false,
  resolve: {
    alias: [
      // One path alias for the whole repository (tsconfig.json `paths`): `@/shared/…`, `@/web/…`.
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      ...(mode === "production" ? [{ find: /^react-router$/, replacement: reactRouterForProduction }] : []),
    ],
  },
  // Lingui: its macros become catalogue lookups, and each area's part of a .po catalogue a compiled chunk (ADR 032).
  plugins: [linguiMacros(), areaCatalogues(fileURLToPath(new URL(".", import.meta.url))), react(), tailwindcss(), brandInDev(), themeScript(fileURLToPath(new URL("./src/web/theme-init.js", import.meta.url))), bundleReport(), preloads.plugin, reactRouterTreeShaking()],
  build: {
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // A chunk that only other chunks import is named by its hash alone: its name was repeated
        // in every importer's import list, which gzip cannot fold across files (~2 KiB of the
        // customer area). Screens (dynamic entries) and the named library chunks keep their names,
        // which are what a network log shows and what tests match (e2e/app-errors.spec.ts).
        chunkFileNames: (chunk) => (chunk.isDynamicEntry || namedChunks.includes(chunk.name) ? "assets/[name]-[hash].js" : "assets/[hash].js"),
        codeSplitting: {
          groups: [
            // The libraries every page runs (React, React Router, TanStack Query) change less often
            // than our code: in a chunk of their own, a release does not evict them from caches.
            // `$initial` keeps out the parts only lazy screens use (useMutation, useInfiniteQuery).
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 3 },
            // Our modules the entry imports (the API client, Button) go in the entry chunk: every page
            // loads them with it, and apart they were one more file to fetch and compress alone.
            { name: "index", test: /src[\\/]web[\\/]/, tags: ["$initial"], priority: 3 },
            // Named chunks for the libraries that only some screens load (ADR 008). The forms chunk
            // holds zod/mini, which the admin forms validate with (the sign-in page's and the
            // customer's forms check by hand, lib/use-checked-form.ts); react-hook-form is the admin
            // forms' too, in a chunk of its own. No customer screen loads either.
            {
              name: "forms",
              test: new RegExp(
                [
                  /node_modules[\\/]zod[\\/]v4[\\/](core[\\/](util|core|errors|parse|checks|versions|schemas|api)|mini[\\/]schemas|locales[\\/]en)\.js$/,
                  /src[\\/]web[\\/]lib[\\/]schemas[\\/]zod\.ts$/,
                ]
                  .map((part) => part.source)
                  .join("|"),
              ),
              priority: 2,
            },
            { name: "admin-forms", test: /node_modules[\\/](react-hook-form|@hookform)[\\/]|src[\\/]web[\\/]lib[\\/]form-errors\.ts$/, priority: 2 },
            // zod's regexes are also used without a form (the sign-in page's email check, realtime
            // events): their own small chunk, without the rest of zod that a dependency walk adds.
            { name: "regexes", test: /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]regexes\.js$/, priority: 3, includeDependenciesRecursively: false },
            { name: "sonner", test: /node_modules[\\/]sonner[\\/]/, priority: 2 },
            { name: "customer-shared", test: customerShared(fileURLToPath(new URL(".", import.meta.url))), minShareCount: 6, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
}));
