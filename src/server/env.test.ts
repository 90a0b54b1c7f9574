import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const dataDir = () => mkdtempSync(join(tmpdir(), "portico-env-"));

describe("loadEnv", () => {
  it("applies the documented defaults", () => {
    const env = loadEnv({ DATA_DIR: dataDir() });
    expect(env).toMatchObject({ PORT: 3000, BRAND_NAME: "Portico", BASE_URL: "http://localhost:3000" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PASSWORD_HASH_COST).toBe("owasp");
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_FROM).toBe('"Portico" <no-reply@localhost>');
    expect(env).toMatchObject({ LOG_LEVEL: "info", SHUTDOWN_DELAY_MS: 0 });
    // No metrics setting: /metrics answers 404.
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.METRICS_PORT).toBeUndefined();
  });

  it("takes the mail settings as given, and names the sender after the brand and BASE_URL's host by default", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), SMTP_URL: "smtp://user:pass@mail.example.com:587", MAIL_FROM: "Acme Support <support@acme.example>" });
    expect(env).toMatchObject({ SMTP_URL: "smtp://user:pass@mail.example.com:587", MAIL_FROM: "Acme Support <support@acme.example>" });
    expect(loadEnv({ DATA_DIR: dataDir(), BRAND_NAME: "Acme", BASE_URL: "https://portal.acme.example" }).MAIL_FROM).toBe('"Acme" <no-reply@portal.acme.example>');
  });

  it("keeps files in the database, up to 25 MB each, unless told otherwise; S3 settings are taken as given", () => {
    expect(loadEnv({ DATA_DIR: dataDir() })).toMatchObject({ FILE_STORE: "database", MAX_UPLOAD_MB: 25, S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: false });
    const s3 = { FILE_STORE: "s3", S3_BUCKET: "files", S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret", S3_ENDPOINT: "http://127.0.0.1:9000", S3_FORCE_PATH_STYLE: "true" };
    expect(loadEnv({ DATA_DIR: dataDir(), MAX_UPLOAD_MB: "100", ...s3 })).toMatchObject({ ...s3, MAX_UPLOAD_MB: 100, S3_FORCE_PATH_STYLE: true });
  });

  it("bills in USD with overdue judged in UTC unless told otherwise, and refuses a code or zone it cannot use", () => {
    expect(loadEnv({ DATA_DIR: dataDir() })).toMatchObject({ CURRENCY: "USD", TIME_ZONE: "UTC" });
    expect(loadEnv({ DATA_DIR: dataDir(), CURRENCY: "EUR", TIME_ZONE: "Europe/Berlin" })).toMatchObject({ CURRENCY: "EUR", TIME_ZONE: "Europe/Berlin" });
    expect(() => loadEnv({ DATA_DIR: dataDir(), CURRENCY: "eur" })).toThrow("CURRENCY");
    expect(() => loadEnv({ DATA_DIR: dataDir(), TIME_ZONE: "Mars/Olympus" })).toThrow("TIME_ZONE");
    // PostgreSQL would read an offset with the opposite sign.
    expect(() => loadEnv({ DATA_DIR: dataDir(), TIME_ZONE: "+05:00" })).toThrow("TIME_ZONE");
  });

  it("mails notifications after a 120 s window and the digest from 8 o'clock unless told otherwise, and refuses an hour that is none", () => {
    expect(loadEnv({ DATA_DIR: dataDir() })).toMatchObject({ NOTIFICATION_MAIL_DELAY_SECONDS: 120, DIGEST_HOUR: 8 });
    expect(loadEnv({ DATA_DIR: dataDir(), NOTIFICATION_MAIL_DELAY_SECONDS: "0", DIGEST_HOUR: "23" })).toMatchObject({ NOTIFICATION_MAIL_DELAY_SECONDS: 0, DIGEST_HOUR: 23 });
    expect(() => loadEnv({ DATA_DIR: dataDir(), DIGEST_HOUR: "24" })).toThrow("DIGEST_HOUR");
    expect(() => loadEnv({ DATA_DIR: dataDir(), NOTIFICATION_MAIL_DELAY_SECONDS: "-1" })).toThrow("NOTIFICATION_MAIL_DELAY_SECONDS");
  });

  it("takes the team's identity provider (ADR 051) all three settings or none, its issuer https or on loopback", () => {
    const oidc = { OIDC_ISSUER: "https://login.example.com/realms/team", OIDC_CLIENT_ID: "portico", OIDC_CLIENT_SECRET: "s3cret" };
    expect(loadEnv({ DATA_DIR: dataDir(), ...oidc })).toMatchObject(oidc);
    expect(loadEnv({ DATA_DIR: dataDir() }).OIDC_ISSUER).toBeUndefined();
    expect(() => loadEnv({ DATA_DIR: dataDir(), OIDC_ISSUER: oidc.OIDC_ISSUER })).toThrow("OIDC_CLIENT_ID, OIDC_CLIENT_SECRET are required with OIDC_ISSUER");
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...oidc, OIDC_ISSUER: "http://login.example.com" })).toThrow("OIDC_ISSUER");
    expect(loadEnv({ DATA_DIR: dataDir(), ...oidc, OIDC_ISSUER: "http://127.0.0.1:8080" }).OIDC_ISSUER).toBe("http://127.0.0.1:8080");
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadEnv({ DATA_DIR: dir });
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, "auth-secret"), "utf8")).toBe(first.AUTH_SECRET);
    expect(loadEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(first.AUTH_SECRET);
  });

  it.each([
    [{ PORT: "eighty" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/],
    [{ NODE_ENV: "production" }, /AUTH_SECRET is required when NODE_ENV=production/],
    [{ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "secret1" }, /^Invalid configuration: ADMIN_EMAIL /],
    [{ BASE_URL: "ftp://example.com" }, /^Invalid configuration: BASE_URL /],
    [{ SMTP_URL: "http://mail.example.com" }, /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ MAIL_FROM: "Support <not an address>" }, /^Invalid configuration: MAIL_FROM must be an address or Name <address>/],
    [{ LOG_LEVEL: "verbose" }, /^Invalid configuration: LOG_LEVEL /],
    [{ METRICS_TOKEN: "short" }, /^Invalid configuration: METRICS_TOKEN must be at least 16 characters/],
    [{ METRICS_PORT: "3000" }, /^Invalid configuration: METRICS_PORT must differ from PORT/],
    [{ SHUTDOWN_DELAY_MS: "-1" }, /^Invalid configuration: SHUTDOWN_DELAY_MS /],
    [{ PASSWORD_HASH_COST: "cheap" }, /^Invalid configuration: PASSWORD_HASH_COST /],
    [{ PASSWORD_HASH_COST: "test-only-weak" }, /PASSWORD_HASH_COST=test-only-weak is accepted only when NODE_ENV=test/],
    [{ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), PASSWORD_HASH_COST: "test-only-weak" }, /only when NODE_ENV=test/],
    [{ FILE_STORE: "disk" }, /^Invalid configuration: FILE_STORE /],
    [{ MAX_UPLOAD_MB: "0" }, /^Invalid configuration: MAX_UPLOAD_MB /],
    [{ MAX_UPLOAD_MB: "2048" }, /^Invalid configuration: MAX_UPLOAD_MB /],
    [{ FILE_STORE: "s3" }, /^Invalid configuration: S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are required when FILE_STORE=s3$/],
    [{ FILE_STORE: "s3", S3_BUCKET: "files", S3_ACCESS_KEY_ID: "key" }, /^Invalid configuration: S3_SECRET_ACCESS_KEY is required when FILE_STORE=s3$/],
    [{ S3_ENDPOINT: "s3.example.com" }, /^Invalid configuration: S3_ENDPOINT must be an http:\/\/ or https:\/\/ URL/],
    [{ S3_FORCE_PATH_STYLE: "yes" }, /^Invalid configuration: S3_FORCE_PATH_STYLE must be true or false/],
  ])("stops on a bad value with one line naming the variable: %o", (source, message) => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...source })).toThrow(message);
  });
});
