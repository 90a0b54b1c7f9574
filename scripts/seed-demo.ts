/**
 * `npm run seed:demo`: a small, realistic data set to look around with — an admin, two customer
 * companies with a user each, projects, tickets with comments, invoices and a conversation.
 * Uses the same configuration (and database) as `npm start`; stop the server first on the
 * embedded database. Running it again changes nothing.
 *   admin:     admin@demo.portico.test / demo-password
 *   customers: ana@acme.demo.portico.test, ben@globex.demo.portico.test / demo-password
 */
import { eq } from "drizzle-orm";
import { createAuth } from "../src/server/auth";
import { outboxFor } from "../src/server/mail/outbox";
import { openDatabase, type Database } from "../src/server/db/client";
import { acquireDataDirLock } from "../src/server/db/data-dir-lock";
import { companies, companyUsers, invoiceLines, invoices, messages, projects, ticketComments, tickets } from "../src/server/db/schema";
import { loadEnv } from "../src/server/env";
import { createAdmin, createUser, findUserIdByEmail, type NewUser } from "../src/server/accounts";

const PASSWORD = "demo-password";
// Rows inserted in one transaction share now(): give threads distinct times so they read in order.
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const customers = [
  { company: "Acme Corp", slug: "acme", user: { name: "Ana Acme", email: "ana@acme.demo.portico.test" } },
  { company: "Globex Ltd", slug: "globex", user: { name: "Ben Globex", email: "ben@globex.demo.portico.test" } },
];

async function seedCustomer(db: Database, auth: ReturnType<typeof createAuth>, adminId: string, index: number) {
  const { company: name, slug, user } = customers[index]!;
  const [existing] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
  if (existing) return false;
  const newUser: NewUser = { ...user, password: PASSWORD };
  const userId = (await findUserIdByEmail(db, user.email)) ?? (await createUser(auth, newUser));
  await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name, contactName: user.name, contactEmail: user.email, phone: `+1 555 010${index}`, address: `${index + 1} Harbour Street` })
      .returning();
    await tx.insert(companyUsers).values({ userId, companyId: company!.id });
    const [website, support] = await tx
      .insert(projects)
      .values([
        { companyId: company!.id, slug: `${slug}-website-redesign`, name: "Website redesign", description: "New marketing site and design system.", startDate: "2026-09-01", assignedTo: adminId },
        { companyId: company!.id, slug: `${slug}-support-retainer`, name: "Support retainer", description: null, status: "on_hold" },
      ])
      .returning();
    const [bug] = await tx
      .insert(tickets)
      .values([
        { projectId: website!.id, companyId: company!.id, title: "Hero image is blurry on mobile", priority: "high", createdBy: userId },
        { projectId: website!.id, companyId: company!.id, title: "Add the new logo to the footer", status: "doing", createdBy: userId },
        { projectId: support!.id, companyId: company!.id, title: "Renew the SSL certificate", status: "done", priority: "low", createdBy: userId },
      ])
      .returning();
    await tx.insert(ticketComments).values([
      { ticketId: bug!.id, userId, content: "It happens on every phone we tried.", createdAt: minutesAgo(90) },
      { ticketId: bug!.id, userId: adminId, content: "Thanks, we are exporting a sharper version today.", createdAt: minutesAgo(60) },
    ]);
    const [paid, open] = await tx
      .insert(invoices)
      .values([
        { companyId: company!.id, invoiceNumber: `DEMO-${slug.toUpperCase()}-001`, amount: "4800.00", subtotal: "4800.00", tax: "0.00", issueDate: "2026-10-01", dueDate: "2026-10-31", status: "paid", pdfUrl: "https://example.com/invoice.pdf", issuedAt: minutesAgo(60 * 24 * 30) },
        { companyId: company!.id, invoiceNumber: `DEMO-${slug.toUpperCase()}-002`, amount: "1250.50", subtotal: "1250.50", tax: "0.00", issueDate: "2026-11-01", dueDate: null, issuedAt: minutesAgo(60 * 24) },
      ])
      .returning({ id: invoices.id });
    // Lines whose totals are the invoices' amounts, so the invoice detail has something to show.
    await tx.insert(invoiceLines).values([
      { invoiceId: paid!.id, position: 0, description: "Design sprint", quantity: "4", unitPrice: "1200.00", lineTotal: "4800.00", lineTax: "0.00" },
      { invoiceId: open!.id, position: 0, description: "Support hours", quantity: "10", unitPrice: "110.00", lineTotal: "1100.00", lineTax: "0.00" },
      { invoiceId: open!.id, position: 1, description: "Hosting, November", quantity: "1", unitPrice: "150.50", lineTotal: "150.50", lineTax: "0.00" },
    ]);
    await tx.insert(messages).values([
      { companyId: company!.id, senderId: userId, content: "Hi! Could we get an update on the redesign?", isRead: true, createdAt: minutesAgo(30) },
      { companyId: company!.id, senderId: adminId, content: "Of course: the first designs are ready for review on Friday.", createdAt: minutesAgo(20) },
    ]);
  });
  return true;
}

async function main() {
  const env = loadEnv();
  const release = env.DATABASE_URL ? () => {} : acquireDataDirLock(env.DATA_DIR);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  try {
    const auth = createAuth(database.db, env, outboxFor(env));
    await createAdmin(database.db, auth, { email: "admin@demo.portico.test", password: PASSWORD, name: "Dana Demo" });
    const adminId = (await findUserIdByEmail(database.db, "admin@demo.portico.test"))!;
    for (const index of customers.keys()) {
      const created = await seedCustomer(database.db, auth, adminId, index);
      console.log(`${customers[index]!.company}: ${created ? "created" : "already there"}`);
    }
    console.log(`Sign in as admin@demo.portico.test, ana@acme.demo.portico.test or ben@globex.demo.portico.test with "${PASSWORD}".`);
  } finally {
    await database.close();
    release();
  }
}

await main();
