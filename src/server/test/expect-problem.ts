import { expect } from "vitest";
import type { TestResponse } from "./test-client";

/** A 400 whose first field error names `field`: how a test checks that a request was refused for one field. */
export function expectFieldRefused(response: TestResponse, field: string): void {
  expect(response.status).toBe(400);
  expect(response.problem.errors![0]!.field).toBe(field);
}
