/** Created by the server at start-up through ADMIN_EMAIL / ADMIN_PASSWORD. */
export const E2E_ADMIN = { email: "admin@portico.test", password: "admin-password-1", name: "Alex Admin" } as const;
