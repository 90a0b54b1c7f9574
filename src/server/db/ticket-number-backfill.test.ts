import { describe, expect, it } from "vitest";
import { migratedPast } from "../test/migrations-up-to";

/**
 * Migration 0024 on a database with tickets from before numbers: they are numbered in the order
 * they were made (not by id), a new ticket continues after the highest, each takes its project's
 * assignee, and those the team already moved past pending count as seen. The database is migrated
 * to 0023 from a copy of drizzle/ whose journal stops there, given rows, then migrated to the end.
 */

const company = "00000000-0000-4000-8000-000000000001";
const admin = "00000000-0000-4000-8000-0000000000e1";
const assigned = "00000000-0000-4000-8000-0000000000b1";
const unassigned = "00000000-0000-4000-8000-0000000000b2";

describe("migration 0024 backfill", () => {
  it("numbers existing tickets in creation order, continues after the highest, assigns the project's assignee and marks non-pending ones seen", async () => {
    // Ids in the opposite order of creation: the numbers must follow created_at, not the id.
    const client = await migratedPast("0023_row_counts_skip_nothing", `
      INSERT INTO companies (id, name) VALUES ('${company}', 'Old Co');
      INSERT INTO profiles (id, full_name, email) VALUES ('${admin}', 'Ada Admin', 'ada@example.test');
      INSERT INTO projects (id, company_id, slug, name, assigned_to) VALUES
        ('${assigned}', '${company}', 'site', 'Site', '${admin}'),
        ('${unassigned}', '${company}', 'app', 'App', NULL);
      INSERT INTO tickets (id, project_id, company_id, title, status, created_at, updated_at) VALUES
        ('00000000-0000-4000-8000-0000000000f3', '${assigned}', '${company}', 'Oldest', 'done', '2025-01-01T10:00:00Z', '2025-01-05T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000f2', '${unassigned}', '${company}', 'Middle', 'doing', '2025-02-01T10:00:00Z', '2025-02-03T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000f1', '${assigned}', '${company}', 'Newest', 'pending', '2025-03-01T10:00:00Z', '2025-03-01T10:00:00Z');`);

    const after = await client.query(
      `SELECT title, number, assigned_to, seen_by_team_at = updated_at AS seen_when_updated, seen_by_team_at IS NULL AS unseen FROM tickets ORDER BY number`,
    );
    expect(after.rows).toEqual([
      { title: "Oldest", number: 1, assigned_to: admin, seen_when_updated: true, unseen: false },
      { title: "Middle", number: 2, assigned_to: null, seen_when_updated: true, unseen: false },
      { title: "Newest", number: 3, assigned_to: admin, seen_when_updated: null, unseen: true },
    ]);

    await client.exec(`INSERT INTO tickets (project_id, company_id, title) VALUES ('${unassigned}', '${company}', 'After the migration');`);
    const created = await client.query<{ number: number; unseen: boolean }>(`SELECT number, seen_by_team_at IS NULL AS unseen FROM tickets WHERE title = 'After the migration'`);
    expect(created.rows).toEqual([{ number: 4, unseen: true }]);
  });
});
