import { transformAsync } from "@babel/core";
import type { Plugin } from "vite";

/**
 * Compiles Lingui's macros (`t`, `<Trans>`, `msg`, `plural` from `@lingui/*\/macro`) into message
 * lookups, in the web build and in Vitest. React's plugin no longer runs Babel (it uses Oxc), and
 * Lingui's own Babel-in-Vite route (@rolldown/plugin-babel) needs Node.js 22: this runs the same
 * Babel plugin, on just the files that import a macro, before any other transform (ADR 032).
 */
export function linguiMacros(): Plugin {
  return {
    name: "portico-lingui-macros",
    enforce: "pre",
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes("/node_modules/") || !code.includes("/macro\"")) return null;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: id.endsWith(".tsx") ? ["typescript", "jsx"] : ["typescript"] },
        plugins: ["@lingui/babel-plugin-lingui-macro"],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
