import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const apiPort = process.env.API_PORT ?? "3001";

/** In dev, Vite serves index.html: fill in the brand the way the server does in production. */
function brandInDev(): Plugin {
  return {
    name: "portico-brand-dev",
    apply: "serve",
    transformIndexHtml: (html) => html.replaceAll("__BRAND_NAME__", process.env.BRAND_NAME ?? "Portico"),
  };
}

export default defineConfig({
  root: "src/web",
  publicDir: false,
  plugins: [react(), tailwindcss(), brandInDev()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
