-- The time step of the last authenticator-app code accepted per account: codes of that step or earlier are refused (ADR 019).
ALTER TABLE "two_factors" ADD COLUMN "last_totp_step" bigint;
