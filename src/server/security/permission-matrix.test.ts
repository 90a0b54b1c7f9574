import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { cellsOf, malformedRows, middlewareOnly, mismatch, permissionMatrix, runCell, type Cell, type MatrixRow } from "../test/security/matrix";
import { mapConcurrent } from "../test/security/pool";
import { betterAuthEndpoints, registeredRoutes } from "../test/security/routes";
import { actorNames, tokenActorNames } from "../test/security/world";
import { worldForFile } from "@/server/test/per-file";


/** Generous: the machine may be busy (five token actors replay most cells), and each sign-in or sign-up hashes a password. */
const LONG = 900_000;
let matrix: Record<string, MatrixRow>;
let registered: string[];
// With a metrics token, so the matrix shows that no session (an admin's neither) opens /metrics.
const { server, world } = worldForFile({ METRICS_TOKEN: "matrix-metrics-token-0123456789" });
beforeAll(async () => {
  matrix = permissionMatrix(world);
  registered = registeredRoutes(createApp(server.deps));
});

describe("the permission matrix", () => {
  it("covers every route the app registers, and lists no route the app does not have", () => {
    const covered = new Set([...Object.keys(matrix), ...Object.keys(middlewareOnly)]);
    expect(registered.filter((route) => !covered.has(route)), "registered routes missing from the matrix").toEqual([]);
    expect([...covered].filter((route) => !registered.includes(route)), "matrix rows for routes that do not exist").toEqual([]);
  });

  it("covers every Better Auth endpoint behind /api/auth/*", () => {
    const endpoints = betterAuthEndpoints(server.deps.auth);
    const inMatrix = ["GET", "POST"].flatMap((method) => Object.keys(matrix[`${method} /api/auth/*`]!.objects).map((path) => `${method} ${path}`));
    expect(inMatrix.sort()).toEqual(endpoints);
    expect(endpoints.length).toBeGreaterThan(20);
  });

  it("states one expectation per actor and object in every row", () => {
    expect(malformedRows(matrix)).toEqual([]);
  });

  it("answers every cell with the stated status and row count", async () => {
    const cells = cellsOf(matrix);
    const reads = cells.filter((cell) => cell.method === "GET");
    const writes = cells.filter((cell) => cell.method !== "GET" && !cell.last);
    // The loner's company save goes last, since it gives them a company.
    const last = cells.filter((cell) => cell.last).sort((x, y) => Number(x.actor === "loner") - Number(y.actor === "loner"));
    const failures: string[] = [];
    const check = async (cell: Cell) => {
      const failure = mismatch(cell, await runCell(world, cell));
      if (failure) failures.push(failure);
    };
    // Reads first, while the data is as built; writes add rows the read cells would count.
    await mapConcurrent(reads, 6, check);
    await mapConcurrent(writes, 4, check);
    for (const cell of last) await check(cell);

    const routeCount = Object.keys(matrix).length;
    console.log(
      `permission matrix: ${cells.length} cells = ${routeCount} registered routes (${registered.length} incl. middleware) × ` +
        `${actorNames.length} actors and ${tokenActorNames.length} API tokens × their objects (${reads.length} reads, ${writes.length + last.length} writes)`,
    );
    expect(failures).toEqual([]);
    expect(cells.length).toBeGreaterThan(500);
  }, LONG);
});
