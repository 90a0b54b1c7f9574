/**
 * Generated invoice PDFs (issue 16, ADR 025): pdfkit or pdf-lib.
 *
 *   npx tsx bench/invoice-pdf.ts
 *   BENCH_SECONDS=5 npx tsx bench/invoice-pdf.ts
 *
 * The same 20-line invoice (wrapped descriptions, a totals block, notes), drawn with each library
 * and its built-in Helvetica (no font file embedded), one PDF after another in this process:
 *   - PDFs per second over BENCH_SECONDS (default 3) after a 1 s warm-up, and bytes per PDF;
 *   - the first import of each library (a fresh process each, so neither warms the other);
 *   - the install size: `du` of node_modules/<pkg> and of every package it depends on, recursively.
 * Writes bench/results/invoice-pdf.md and .json.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import PDFDocument from "pdfkit";

/**
 * pdf-lib lost (ADR 025) and is no longer a dependency: it is loaded by name when installed
 * (`npm install --no-save pdf-lib@1.17.1`), typed here by the little this benchmark uses.
 */
interface PDFFont {
  widthOfTextAtSize(text: string, size: number): number;
}
interface PDFPage {
  drawText(text: string, options: { x: number; y: number; font: PDFFont; size: number }): void;
}
interface PdfLib {
  PDFDocument: { create(): Promise<{ setTitle(title: string): void; embedFont(name: string): Promise<PDFFont>; addPage(size: [number, number]): PDFPage; save(): Promise<Uint8Array> }> };
  StandardFonts: { Helvetica: string; HelveticaBold: string };
}
const pdfLibName = "pdf-lib";
const pdfLib = await import(pdfLibName).then(
  (module: PdfLib) => module,
  () => undefined,
);

const seconds = Number(process.env.BENCH_SECONDS ?? 3);

interface Line {
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  total: string;
}

const lines: Line[] = Array.from({ length: 20 }, (_, index) => ({
  description:
    index % 3 === 0
      ? `Consulting, phase ${index + 1}: requirements workshops, architecture review and a written report for the steering committee`
      : `Support hours, week ${index + 1}`,
  quantity: String((index % 4) + 1),
  unitPrice: "$1,250.00",
  taxRate: index % 2 ? "20%" : "–",
  total: `$${(((index % 4) + 1) * 1250).toLocaleString("en-US")}.00`,
}));
const invoice = {
  brand: "Portico",
  number: "INV-0042",
  billTo: ["Alpha Corp", "Jane Doe", "jane@alpha.example", "+44 20 7946 0000", "1 Harbour Street", "London EC1A 1AA"],
  facts: [
    ["Issue date", "2026-03-01"],
    ["Due date", "2026-03-31"],
    ["Status", "Unpaid"],
  ],
  totals: [
    ["Subtotal", "$62,500.00"],
    ["Tax", "$6,250.00"],
    ["Total", "$68,750.00"],
  ],
  notes: "Payment by bank transfer within 30 days. Please quote the invoice number with your payment. Thank you for your business.",
  lines,
};

// One layout for both (A4, points).
const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const COLUMNS = [
  { key: "description", x: 50, width: 235, align: "left" },
  { key: "quantity", x: 290, width: 40, align: "right" },
  { key: "unitPrice", x: 335, width: 75, align: "right" },
  { key: "taxRate", x: 415, width: 45, align: "right" },
  { key: "total", x: 465, width: 80, align: "right" },
] as const;
const SIZE = 9;

function renderPdfkit(): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: PAGE.margin, info: { Title: `Invoice ${invoice.number}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
    doc.font("Helvetica-Bold").fontSize(18).text(invoice.brand, PAGE.margin, PAGE.margin);
    doc.fontSize(14).text(`Invoice ${invoice.number}`, PAGE.margin, PAGE.margin, { align: "right" });
    let y = 100;
    doc.font("Helvetica-Bold").fontSize(SIZE).text("Bill to", PAGE.margin, y);
    doc.font("Helvetica");
    for (const row of invoice.billTo) doc.text(row, PAGE.margin, (y += 12));
    y = 100;
    for (const [label, value] of invoice.facts) {
      doc.font("Helvetica-Bold").text(label!, 350, y, { width: 90 });
      doc.font("Helvetica").text(value!, 440, y, { width: 105, align: "right" });
      y += 12;
    }
    y = 200;
    doc.font("Helvetica-Bold");
    for (const column of COLUMNS) doc.text(column.key, column.x, y, { width: column.width, align: column.align });
    y += 16;
    doc.font("Helvetica");
    for (const line of invoice.lines) {
      const height = doc.heightOfString(line.description, { width: COLUMNS[0].width });
      if (y + height > PAGE.height - PAGE.margin) {
        doc.addPage();
        y = PAGE.margin;
      }
      for (const column of COLUMNS) doc.text(line[column.key], column.x, y, { width: column.width, align: column.align });
      y += height + 6;
    }
    for (const [label, value] of invoice.totals) {
      doc.font("Helvetica-Bold").text(label!, 350, (y += 14), { width: 90 });
      doc.font("Helvetica").text(value!, 440, y, { width: 105, align: "right" });
    }
    doc.text(invoice.notes, PAGE.margin, y + 30, { width: PAGE.width - 2 * PAGE.margin });
    doc.end();
  });
}

/** pdf-lib draws single lines only: wrapping and right alignment are measured by hand. */
function wrap(font: PDFFont, text: string, width: number): string[] {
  const rows: string[] = [];
  let row = "";
  for (const word of text.split(/\s+/)) {
    const next = row ? `${row} ${word}` : word;
    if (row && font.widthOfTextAtSize(next, SIZE) > width) {
      rows.push(row);
      row = word;
    } else row = next;
  }
  if (row) rows.push(row);
  return rows;
}

async function renderPdfLib(): Promise<Uint8Array> {
  const { PDFDocument: LibDocument, StandardFonts } = pdfLib!;
  const doc = await LibDocument.create();
  doc.setTitle(`Invoice ${invoice.number}`);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  const top = (y: number) => PAGE.height - y - SIZE;
  const draw = (text: string, x: number, y: number, options: { font?: PDFFont; size?: number; width?: number; align?: string } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? SIZE;
    const shift = options.align === "right" && options.width ? options.width - font.widthOfTextAtSize(text, size) : 0;
    page.drawText(text, { x: x + shift, y: top(y), font, size });
  };
  draw(invoice.brand, PAGE.margin, PAGE.margin, { font: bold, size: 18 });
  draw(`Invoice ${invoice.number}`, PAGE.margin, PAGE.margin, { font: bold, size: 14, width: PAGE.width - 2 * PAGE.margin, align: "right" });
  let y = 100;
  draw("Bill to", PAGE.margin, y, { font: bold });
  for (const row of invoice.billTo) draw(row, PAGE.margin, (y += 12));
  y = 100;
  for (const [label, value] of invoice.facts) {
    draw(label!, 350, y, { font: bold });
    draw(value!, 440, y, { width: 105, align: "right" });
    y += 12;
  }
  y = 200;
  for (const column of COLUMNS) draw(column.key, column.x, y, { font: bold, width: column.width, align: column.align });
  y += 16;
  for (const line of invoice.lines) {
    const rows = wrap(regular, line.description, COLUMNS[0].width);
    const height = rows.length * 11;
    if (y + height > PAGE.height - PAGE.margin) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.margin;
    }
    rows.forEach((row, index) => draw(row, COLUMNS[0].x, y + index * 11));
    for (const column of COLUMNS.slice(1)) draw(line[column.key], column.x, y, { width: column.width, align: column.align });
    y += height + 6;
  }
  for (const [label, value] of invoice.totals) {
    draw(label!, 350, (y += 14), { font: bold });
    draw(value!, 440, y, { width: 105, align: "right" });
  }
  wrap(regular, invoice.notes, PAGE.width - 2 * PAGE.margin).forEach((row, index) => draw(row, PAGE.margin, y + 30 + index * 11));
  return doc.save();
}

async function throughput(render: () => Promise<Uint8Array>) {
  const until = (ms: number) => performance.now() + ms;
  for (const end = until(1000); performance.now() < end; ) await render();
  let count = 0;
  let bytes = 0;
  const start = performance.now();
  for (const end = until(seconds * 1000); performance.now() < end; count++) bytes = (await render()).length;
  const elapsed = (performance.now() - start) / 1000;
  return { pdfsPerSecond: Math.round(count / elapsed), msPerPdf: Math.round((elapsed / count) * 10_000) / 10, bytesPerPdf: bytes };
}

/** The package and every package it depends on (as installed: hoisted, or nested in its folder, which `du` of it already counts). */
function closure(name: string, found = new Set<string>()): Set<string> {
  if (found.has(name)) return found;
  const folder = join("node_modules", name);
  if (!existsSync(folder)) return found;
  found.add(name);
  const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) closure(dependency, found);
  return found;
}

function installSize(name: string) {
  const packages = [...closure(name)].sort();
  const kib = (paths: string[]) => Number(execFileSync("du", ["-skc", ...paths], { encoding: "utf8" }).trim().split("\n").at(-1)!.split("\t")[0]);
  // `node_modules` may be a link to another checkout: du follows the named paths, not links inside them.
  const paths = packages.map((p) => join("node_modules", p) + "/");
  return { packages, ownKiB: kib([paths[packages.indexOf(name)]!]), totalKiB: kib(paths) };
}

function importMs(name: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(name)}); console.log(performance.now() - t);`;
  return Math.round(Number(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })) * 10) / 10;
}

const candidates = [{ name: "pdfkit", render: renderPdfkit }];
if (pdfLib) candidates.push({ name: "pdf-lib", render: renderPdfLib });
else console.warn("pdf-lib is not installed: measuring pdfkit only (npm install --no-save pdf-lib@1.17.1 to compare)");
const results = [];
for (const candidate of candidates) {
  const speed = await throughput(candidate.render);
  results.push({ library: candidate.name, ...speed, importMs: importMs(candidate.name), ...installSize(candidate.name) });
  console.log(results.at(-1));
}

const mib = (kib: number) => Math.round((kib / 1024) * 10) / 10;
const report = `# Invoice PDF: pdfkit or pdf-lib

${new Date().toISOString()}, Node ${process.version}, this machine (2 cores, shared). One 20-line invoice, Helvetica (standard font, not embedded),
rendered one after another for ${seconds} s after a 1 s warm-up. \`npx tsx bench/invoice-pdf.ts\`

| library | PDFs/s | ms/PDF | bytes/PDF | first import (ms) | install: package (MiB) | install: with dependencies (MiB) | dependencies |
|---|---:|---:|---:|---:|---:|---:|---|
${results.map((r) => `| ${r.library} | ${r.pdfsPerSecond} | ${r.msPerPdf} | ${r.bytesPerPdf} | ${r.importMs} | ${mib(r.ownKiB)} | ${mib(r.totalKiB)} | ${r.packages.filter((p) => p !== r.library).join(", ")} |`).join("\n")}
`;
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/invoice-pdf.md", report);
writeFileSync("bench/results/invoice-pdf.json", `${JSON.stringify({ date: new Date().toISOString(), seconds, results }, null, 2)}\n`);
console.log(report);
