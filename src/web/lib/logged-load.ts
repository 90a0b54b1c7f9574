/**
 * A load whose failure is only logged (spec section 8): the screen shows its own inline error
 * state, so there is no toast. Each attempt's failure is logged, retries included.
 */
export function loggedLoad<T>(what: string, load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    console.error(`Failed to load ${what}`, error);
    throw error;
  });
}
