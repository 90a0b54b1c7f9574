import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate, formatNumber } from "@/shared/format";
import { invoiceTotals } from "@/shared/rules/money";
import { PageHeader } from "@/web/components/layout/page-header";
import { TitledCard } from "@/web/components/ui/card";
import { Table, TableBody, TableCell, TableHeadings, TableRow } from "@/web/components/ui/table";
import type { RecurringInvoiceDetail } from "../../api/use-recurring-invoices";
import { fallsOnLastDay, scheduleInWords, scheduleSpanInWords } from "../../lib/schedule-words";
import { RecurringActions } from "./recurring-actions";
import { RecurringStatusBadge } from "./recurring-status-badge";
import { LinesTable, TotalsList } from "@/web/features/invoices";

/** `name` gives the fact's test id ("recurring-schedule"), whatever the language of its label. */
function Fact({ label, name, children }: { label: ReactNode; name: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid={`recurring-${name}`} className="break-words">
        {children}
      </dd>
    </div>
  );
}

/** The next three dates, or why there are none. */
function NextIssues({ recurring }: { recurring: RecurringInvoiceDetail }) {
  if (recurring.upcoming.length === 0) {
    return <p className="text-sm text-muted-foreground">{recurring.status === "paused" ? <Trans>None while it is paused.</Trans> : <Trans>None: the schedule has ended.</Trans>}</p>;
  }
  return (
    <ol className="space-y-1 text-sm" data-testid="recurring-upcoming">
      {recurring.upcoming.map((date) => (
        <li key={date}>
          <time dateTime={date}>{formatDate(date)}</time>
        </li>
      ))}
    </ol>
  );
}

/** The invoice each time: its lines, and the totals the server's money rules give them, in the installation's currency. */
function TemplateInvoice({ recurring }: { recurring: RecurringInvoiceDetail }) {
  const { t } = useLingui();
  const totals = invoiceTotals(recurring.lines);
  return (
    <div className="space-y-6">
      <LinesTable lines={recurring.lines} currency={recurring.currency} label={t`Invoice lines`} />
      <TotalsList label={t`Invoice totals`} testIdPrefix="recurring" amounts={{ ...totals, total: recurring.amount }} currency={recurring.currency} />
      {recurring.notes ? (
        <section aria-label={t`Notes`}>
          <h3 className="text-sm font-medium text-muted-foreground">
            <Trans>Notes</Trans>
          </h3>
          <p className="text-sm break-words whitespace-pre-line">{recurring.notes}</p>
        </section>
      ) : null}
    </div>
  );
}

/** The invoices the schedule issued, newest period first, each linking to its invoice. */
function IssuedInvoices({ runs }: { runs: RecurringInvoiceDetail["runs"] }) {
  const { t } = useLingui();
  if (runs.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No invoice issued yet.</Trans>
      </p>
    );
  }
  return (
    <Table aria-label={t`Issued invoices`}>
      <TableHeadings names={[t`Period`, t`Invoice #`]} />
      <TableBody>
        {runs.map((run) => (
          <TableRow key={run.periodDate}>
            <TableCell className="whitespace-nowrap">
              <time dateTime={run.periodDate}>{formatDate(run.periodDate)}</time>
            </TableCell>
            <TableCell>
              {run.invoice ? (
                <Link to={`/admin/invoices/${run.invoice.id}`} className="inline-flex min-h-11 items-center font-medium text-primary hover:underline sm:min-h-0">
                  {run.invoice.invoiceNumber}
                </Link>
              ) : (
                <Trans>Invoice deleted</Trans>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One recurring invoice for an admin: whose it is, its status and the moves it allows, its schedule and next dates, the invoice it issues, and those it issued. */
export function RecurringDetail({ recurring }: { recurring: RecurringInvoiceDetail }) {
  const { t } = useLingui();
  const company = recurring.company.name;
  const day = recurring.dayOfMonth;
  const issued = formatNumber(recurring.issuedCount);
  return (
    <>
      <PageHeader
        title={t`Recurring invoice for ${company}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link to={`/admin/customers/${recurring.company.id}`} className="font-medium text-foreground hover:underline max-sm:inline-flex max-sm:min-h-11 max-sm:items-center">
              {company}
            </Link>
            <RecurringStatusBadge status={recurring.status} />
          </span>
        }
        actions={<RecurringActions recurring={recurring} />}
      />
      <div className="space-y-6">
        <TitledCard title={<Trans>Schedule</Trans>}>
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Fact label={<Trans>Issues</Trans>} name="schedule">
              {scheduleInWords(recurring)}
              {fallsOnLastDay(recurring) ? (
                <span className="block text-xs text-muted-foreground">
                  <Trans>A month without day {day} issues on its last day.</Trans>
                </span>
              ) : null}
            </Fact>
            <Fact label={<Trans context="recurring invoice span">Duration</Trans>} name="span">
              {scheduleSpanInWords(recurring)}
            </Fact>
            <Fact label={<Trans>Each invoice is</Trans>} name="issue-status">
              {recurring.issueStatus === "draft" ? <Trans>A draft to review</Trans> : <Trans>Issued at once</Trans>}
            </Fact>
            <Fact label={<Trans>Days to pay</Trans>} name="due-days">
              {recurring.dueDays === null ? <Trans>No due date</Trans> : formatNumber(recurring.dueDays)}
            </Fact>
            <Fact label={<Trans>Issued so far</Trans>} name="issued-count">
              {issued}
            </Fact>
            <Fact label={<Trans>Next issues</Trans>} name="next-issues">
              <NextIssues recurring={recurring} />
            </Fact>
          </dl>
        </TitledCard>
        <TitledCard title={<Trans>Each invoice</Trans>}>
          <TemplateInvoice recurring={recurring} />
        </TitledCard>
        <TitledCard title={<Trans>Issued invoices</Trans>}>
          <IssuedInvoices runs={recurring.runs} />
        </TitledCard>
      </div>
    </>
  );
}
