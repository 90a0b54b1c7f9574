import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { csvResponse, type CsvCell } from "./csv";

const appOf = (rows: AsyncIterable<readonly CsvCell[]>, onError?: (error: unknown) => void) =>
  new Hono().get("/", (c) => csvResponse(c, { filename: "things.csv", columns: ["a", "b", "c"], rows, onError }));

async function* listed(rows: CsvCell[][]) {
  for (const row of rows) yield row;
}

describe("csvResponse", () => {
  it("writes the header and rows, escaping formulas and quoting as RFC 4180 does", async () => {
    const response = await appOf(
      listed([
        ["=1+1", "@SUM(A1)", "+33 1 23"],
        ["-5.00", -5, "\tx"],
        [true, false, new Date("2026-03-04T05:06:07.089Z")],
        ['say "hi", then go', null, undefined],
        ["1234.50", "line\nbreak", ""],
      ]),
    ).request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="things.csv"');
    expect(await response.text()).toBe(
      "a,b,c\n" +
        "'=1+1,'@SUM(A1),'+33 1 23\n" +
        "'-5.00,-5,'\tx\n" +
        "true,false,2026-03-04T05:06:07.089Z\n" +
        '"say ""hi"", then go",,\n' +
        '1234.50,"line\nbreak",\n',
    );
  });

  it("reads rows only as fast as the client does, and stops reading when the client goes away", async () => {
    let produced = 0;
    let finished = false;
    async function* endless() {
      try {
        for (;;) {
          produced += 1;
          yield [`row ${produced}`, "x".repeat(100), produced];
        }
      } finally {
        finished = true;
      }
    }
    const response = await appOf(endless()).request("/");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = 0;
    for (let read = 0; read < 20; read++) {
      const { value } = await reader.read();
      received += decoder.decode(value, { stream: true }).split("\n").length - 1;
      // The signal: the microtask queue has drained, so every pull the stream wanted has run and the
      // producer is as far ahead of the client as it will get (an unbounded one would never drain).
      await new Promise((resolve) => setImmediate(resolve));
      // A few buffers' worth ahead of what the client read, not the endless rest.
      expect(produced - received).toBeLessThan(2000);
    }
    const atCancel = produced;
    await reader.cancel();
    await expect.poll(() => finished).toBe(true);
    expect(produced).toBe(atCancel);
  });

  it("cuts the download short and reports a failure after the first rows", async () => {
    const errors: unknown[] = [];
    async function* failing() {
      yield ["one", 1, true];
      throw new Error("the database went away");
    }
    const response = await appOf(failing(), (error) => errors.push(error)).request("/");
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
    expect(errors).toEqual([expect.objectContaining({ message: "the database went away" })]);
  });
});
