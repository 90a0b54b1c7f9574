import pg from "pg";
import { describe, expect, it } from "vitest";
import { createThrowawayDatabase } from "../test/harness";
import { copySequences } from "./sequences";
import { sqlOfPostgres } from "./sql";

// Every id of today's schema is a UUID, so db:move's own test copies no sequence; this one has
// two. PostgreSQL on both sides: db:move reads PGlite through the same SQL.
describe("copying sequences", () => {
  it("sets each sequence to the source's position, or past the largest value in its column when that is further", async () => {
    const databases = [await createThrowawayDatabase(), await createThrowawayDatabase()];
    const [source, target] = databases.map(({ url }) => new pg.Client({ connectionString: url }));
    try {
      for (const client of [source!, target!]) {
        await client.connect();
        await client.query("create table items (id serial primary key); create table notes (id serial primary key)");
      }
      // The source numbered items up to 5 (4 and 5 since deleted) and notes up to 2.
      await source!.query("insert into items select from generate_series(1, 5); delete from items where id > 3; insert into notes select from generate_series(1, 2)");
      // The target holds the copied rows, and a note numbered past the source's position.
      await target!.query("insert into items (id) values (1), (2), (3); insert into notes (id) values (1), (2), (10)");

      await copySequences(sqlOfPostgres(source!), sqlOfPostgres(target!));

      const next = await target!.query<{ item: number; note: number }>("select nextval('items_id_seq')::int as item, nextval('notes_id_seq')::int as note");
      expect(next.rows[0]).toEqual({ item: 6, note: 11 });
    } finally {
      await Promise.all([source!.end(), target!.end()]);
      await Promise.all(databases.map((database) => database.drop()));
    }
  });
});
