/**
 * Points where a test can make this process die as a machine that loses power dies: SIGKILL, no
 * shutdown, no answer. The crash test (ops/crash-announce.postgres.test.ts) starts a server with
 * `PORTICO_FAILPOINT=after-commit:message` (comma-separated for several) and proves that a write
 * committed just before the death still reaches every stream.
 *
 * Read only when NODE_ENV is "test": in any other environment the variable is ignored and every
 * point does nothing, so no configuration can make a deployed server kill itself.
 */
export type Failpoint = "after-commit:message" | "after-commit:comment" | "after-commit:ticket";

const armed: ReadonlySet<string> =
  process.env.NODE_ENV === "test"
    ? new Set((process.env.PORTICO_FAILPOINT ?? "").split(",").map((name) => name.trim()).filter(Boolean))
    : new Set();

/** Dies here when the test armed this point; otherwise returns at once. */
export function failpoint(name: Failpoint): void {
  if (armed.has(name)) process.kill(process.pid, "SIGKILL");
}
