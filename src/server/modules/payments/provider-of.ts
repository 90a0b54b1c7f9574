import type { Env } from "@/server/env";
import type { PaymentProvider } from "./provider";
import { stripeProvider } from "./stripe-provider";

/**
 * The process's online payment provider, as PAYMENTS chooses it (ADR 043), or null when online
 * payment is off. env.ts refuses PAYMENTS=stripe without both keys. A second provider is one more
 * case here and one module implementing PaymentProvider.
 */
export function paymentProviderOf(env: Pick<Env, "PAYMENTS" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_URL">): PaymentProvider | null {
  switch (env.PAYMENTS) {
    case "stripe":
      return stripeProvider({
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        ...(env.STRIPE_API_URL ? { apiUrl: new URL(env.STRIPE_API_URL) } : {}),
      });
    case undefined:
      return null;
  }
}
