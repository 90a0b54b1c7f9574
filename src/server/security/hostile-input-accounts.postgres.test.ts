import { describeHostileInput, isAccountOrTeamRoute } from "../test/security/hostile-input-suite";

describeHostileInput("accounts and teams", (target) => isAccountOrTeamRoute(target.route));
