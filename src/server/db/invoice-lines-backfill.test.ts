import { describe, expect, it } from "vitest";
import { migratedPast } from "../test/migrations-up-to";

/**
 * Migration 0015 on a database with invoices from before line items: each becomes one "Services"
 * line of its amount with equal totals, and a paid one gets its paid_at. The database is migrated
 * to 0014 from a copy of drizzle/ whose journal stops there, given rows, then migrated to the end.
 */

describe("migration 0015 backfill", () => {
  it("gives every existing invoice one line equal to its amount, and a paid one its paid_at", async () => {
    const client = await migratedPast("0014_files", `
      INSERT INTO companies (id, name) VALUES ('00000000-0000-4000-8000-000000000001', 'Old Co');
      INSERT INTO invoices (id, company_id, invoice_number, amount, issue_date, status, updated_at) VALUES
        ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'OLD-1', 1234.50, '2025-01-01', 'unpaid', '2025-02-01T10:00:00Z'),
        ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'OLD-2', 99.99, '2025-01-01', 'paid', '2025-03-01T10:00:00Z');`);
    const invoicesAfter = await client.query(`SELECT invoice_number, amount::text, subtotal::text, tax::text, paid_at IS NOT NULL AND paid_at = updated_at AS paid_then FROM invoices ORDER BY invoice_number`);
    expect(invoicesAfter.rows).toEqual([
      { invoice_number: "OLD-1", amount: "1234.50", subtotal: "1234.50", tax: "0.00", paid_then: false },
      { invoice_number: "OLD-2", amount: "99.99", subtotal: "99.99", tax: "0.00", paid_then: true },
    ]);
    const lines = await client.query(
      `SELECT i.invoice_number, l.position, l.description, l.quantity::text, l.unit_price::text, l.tax_rate, l.line_total::text, l.line_tax::text
       FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id ORDER BY i.invoice_number`,
    );
    expect(lines.rows).toEqual([
      { invoice_number: "OLD-1", position: 0, description: "Services", quantity: "1.000", unit_price: "1234.50", tax_rate: null, line_total: "1234.50", line_tax: "0.00" },
      { invoice_number: "OLD-2", position: 0, description: "Services", quantity: "1.000", unit_price: "99.99", tax_rate: null, line_total: "99.99", line_tax: "0.00" },
    ]);
  });
});
