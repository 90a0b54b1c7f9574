import { OpenAPIHono } from "@hono/zod-openapi";
import type { Role } from "../../shared/enums";
import type { Auth } from "../auth";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { EventBus } from "../realtime/event-bus";
import type { ActorCache } from "./actor-cache";
import { validationProblem } from "./problem";

/** Who is calling. Every service function takes one and scopes its queries by it. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
  companyId: string | null;
  sessionId: string;
}

/** What route modules get: created once per server process (or per test). */
export interface AppDeps {
  db: Database;
  auth: Auth;
  env: Env;
  events: EventBus;
  /** Recently resolved sessions (ADR 010). */
  actors: ActorCache;
}

export interface AppEnv {
  Variables: { actor: Actor };
}

/** A router whose request validation failures answer 400 problem+json naming the field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationProblem(result.error);
    },
  });
}
