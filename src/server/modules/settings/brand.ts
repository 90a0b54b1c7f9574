import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { siteSettings } from "../../db/schema";
import type { Env } from "../../env";
import type { Logger } from "../../observability/logger";
import type { EventBus } from "../../realtime/event-bus";

/**
 * The brand name this installation uses (DESIGN D1): the one stored in `site_settings` (set on
 * /setup or later by an admin), else BRAND_NAME. Read once at start-up and held in memory, so the
 * web shell and mail cost no query (ADR 010); a change in any process reaches every other one
 * through the settings channel of the event bus, and a lost LISTEN connection reads it again.
 */
export interface Brand {
  /** The name in use now. */
  name(): string;
  /** Stores a new name and tells every process (this one at once). */
  set(name: string): Promise<string>;
  /** Reads the stored name again (a notification, or tests). */
  refresh(): Promise<void>;
  stop(): void;
}

/** The stored brand name, or undefined when none was ever set. A read only: start-up writes no row (ADR 017). */
export async function storedBrandName(db: Database): Promise<string | undefined> {
  const [row] = await db.select({ brandName: siteSettings.brandName }).from(siteSettings).where(eq(siteSettings.id, true));
  return row?.brandName ?? undefined;
}

export async function createBrand(db: Database, env: Pick<Env, "BRAND_NAME">, events: EventBus, log: Logger): Promise<Brand> {
  let current = (await storedBrandName(db)) ?? env.BRAND_NAME;
  // Reads overlap when notifications arrive close together; the newest read wins.
  let reads = 0;
  const refresh = async () => {
    const read = ++reads;
    try {
      const stored = (await storedBrandName(db)) ?? env.BRAND_NAME;
      if (read === reads) current = stored;
    } catch (error) {
      log.warn({ event: "settings.unreadable", err: error }, "settings: the brand name could not be read; keeping the one in use");
    }
  };
  const unsubscribe = events.subscribe({ onEvent() {}, onSettingsChanged: () => void refresh(), onResync: () => void refresh() });
  return {
    name: () => current,
    async set(name) {
      await db
        .insert(siteSettings)
        .values({ id: true, brandName: name })
        .onConflictDoUpdate({ target: siteSettings.id, set: { brandName: name, updatedAt: new Date() } });
      reads++;
      current = name;
      await events.settingsChanged();
      return name;
    },
    refresh,
    stop: unsubscribe,
  };
}
