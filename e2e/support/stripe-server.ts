import { startFakeStripe } from "@/server/test/stripe/fake-stripe";
import { E2E_STRIPE } from "./constants";

/**
 * Playwright global set-up: the local server that speaks Stripe's protocol (DESIGN D29), which the
 * e2e server's STRIPE_API_URL points at (playwright.config.ts). Its hosted checkout page's Pay
 * button delivers the signed `checkout.session.completed` to the e2e server's webhook, then sends
 * the browser back to the invoice, as Stripe Checkout does.
 */
export default async function startStripeServer() {
  const port = Number(process.env.E2E_STRIPE_PORT);
  const baseUrl = process.env.E2E_BASE_URL;
  if (!port || !baseUrl) throw new Error("playwright.config.ts sets E2E_STRIPE_PORT and E2E_BASE_URL");
  const stripe = await startFakeStripe({
    port,
    secretKey: E2E_STRIPE.secretKey,
    webhookUrl: `${baseUrl}/api/payments/stripe/webhook`,
    webhookSecret: E2E_STRIPE.webhookSecret,
  });
  return () => stripe.stop();
}
