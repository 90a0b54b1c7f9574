import { PageHeader } from "../../../components/layout/page-header";

// Screen built by its feature issue; the route exists so navigation and code splitting are in place.
export function AdminTicketsRoute() {
  return <PageHeader title="Tickets" />;
}
