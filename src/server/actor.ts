import type { CompanyRole, Role } from "@/shared/enums";

/** Who is calling. Every service function gets one (through its ServiceContext) and scopes its queries by it. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
  companyId: string | null;
  /** Their standing in that company (ADR 015); null without one. */
  companyRole: CompanyRole | null;
  sessionId: string;
  /** Whether the account signs in with a second factor (ADR 019: REQUIRE_ADMIN_2FA reads it). */
  twoFactorEnabled: boolean;
}
