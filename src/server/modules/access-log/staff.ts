import { can, type PolicyActor } from "@/shared/policies";

/**
 * The provider's staff, whose access to a company's records that company may read (ADR 050):
 * whoever reads every company's records. Customers reading their own company's are not recorded.
 */
export const isStaff = (actor: PolicyActor) => can(actor, "readAll", "company");
