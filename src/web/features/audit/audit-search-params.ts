import { auditKinds, type AuditKind } from "@/shared/rules/audit";

/** The audit page's filters, as the URL's search params hold them (so a reload or a shared link keeps them). */
export interface AuditFilters {
  actor?: string;
  companyId?: string;
  kind?: AuditKind;
  from?: string;
  to?: string;
}

export const auditFilterNames = ["actor", "companyId", "kind", "from", "to"] as const;

const isKind = (value: string | null): value is AuditKind => auditKinds.includes(value as AuditKind);
const isDay = (value: string | null) => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** What the URL says, keeping only values the API would accept (a hand-edited URL shows the whole log, not an error). */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const kind = params.get("kind");
  const from = params.get("from");
  const to = params.get("to");
  return {
    actor: params.get("actor")?.trim() || undefined,
    companyId: params.get("companyId") || undefined,
    kind: isKind(kind) ? kind : undefined,
    from: isDay(from) ? from! : undefined,
    to: isDay(to) ? to! : undefined,
  };
}

/** The filters as a query string for the CSV export's link. */
export function filtersQuery(filters: AuditFilters): string {
  const query = new URLSearchParams();
  for (const name of auditFilterNames) {
    const value = filters[name];
    if (value) query.set(name, value);
  }
  return query.toString();
}
