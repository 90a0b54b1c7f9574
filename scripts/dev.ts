/**
 * `npm run dev`: the API under tsx watch on API_PORT (3001) and Vite with hot reload on PORT
 * (3000), which proxies /api to the API. Open http://localhost:3000.
 */
import { spawn, type ChildProcess } from "node:child_process";

const port = process.env.PORT ?? "3000";
const apiPort = process.env.API_PORT ?? "3001";
const bin = (name: string) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

const children: ChildProcess[] = [
  // BASE_URL is the browser-facing origin (Vite's), which Better Auth checks the Origin against.
  spawn(bin("tsx"), ["watch", "src/server/index.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, BASE_URL: process.env.BASE_URL ?? `http://localhost:${port}` },
  }),
  spawn(bin("vite"), [], { stdio: "inherit", env: { ...process.env, PORT: port, API_PORT: apiPort } }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
