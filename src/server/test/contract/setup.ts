import { afterAll, afterEach, beforeEach } from "vitest";
import { ContractViolation, takeViolations } from "./answers";

/**
 * Vitest setup file of the API projects (vitest.config.ts): no test opts in to the contract check,
 * and none can skip it. Every answer that broke the OpenAPI document fails the test that received
 * it, or, when a hook received it, the first test after the hook (beforeAll) or the file (afterAll).
 */
const HELPER_FRAME = /[\\/]src[\\/]server[\\/]test[\\/](?:contract[\\/]|test-client\.ts|security[\\/]http\.ts)/;

function failOnViolations(when: string): void {
  const found = takeViolations();
  if (found.length === 0) return;
  const distinct = [...new Map(found.map((violation) => [violation.message, violation])).values()];
  const shown = distinct.slice(0, 10).map((violation) => violation.message);
  if (distinct.length > shown.length) shown.push(`…and ${distinct.length - shown.length} more`);
  const error = new ContractViolation(
    found.length === 1 ? `${shown[0]}\n(received ${when})` : `${found.length} answers received ${when} broke the OpenAPI contract (${distinct.length} distinct):\n${shown.join("\n")}`,
  );
  // Where the first one was received, without the frames of the clients and the check, so that
  // the code frame Vitest shows is the line of the test (or suite helper) that got the answer.
  const frames = (distinct[0]!.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line) && !HELPER_FRAME.test(line));
  error.stack = [`${error.name}: ${error.message}`, ...frames].join("\n");
  throw error;
}

beforeEach(() => failOnViolations("in the file's beforeAll hooks"));
afterEach(() => failOnViolations("by this test (or its beforeEach/afterEach hooks)"));
afterAll(() => failOnViolations("after the last test (afterAll hooks)"));
