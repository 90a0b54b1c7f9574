import { describeHostileInput, isAccountOrTeamRoute } from "../test/security/hostile-input-suite";

describeHostileInput("companies, projects, tickets, invoices and messages", (target) => !isAccountOrTeamRoute(target.route));
