import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import type { AccessLogPublicKey } from "@/shared/schemas/access-log";
import { derivedKey } from "../derived-key";

/**
 * The key pair the access log's JSON-lines export is signed with (Ed25519, ADR 050), derived from
 * AUTH_SECRET under a label of its own: every process of the installation has the same pair and
 * nothing is stored. A changed AUTH_SECRET makes a new pair; exports signed before verify with the
 * public key shown then (kept by whoever keeps the export).
 */
const KEY_INFO = "portico access log signing v1";
// PKCS#8 DER of an Ed25519 private key, up to its 32-byte seed (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

const pairs = new Map<string, { privateKey: KeyObject; publicKey: KeyObject; published: AccessLogPublicKey }>();

export function signingKeysOf(authSecret: string) {
  let pair = pairs.get(authSecret);
  if (!pair) {
    const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, derivedKey(authSecret, KEY_INFO)]), format: "der", type: "pkcs8" });
    const publicKey = createPublicKey(privateKey);
    const der = publicKey.export({ format: "der", type: "spki" });
    const published: AccessLogPublicKey = {
      algorithm: "Ed25519",
      publicKeyPem: publicKey.export({ format: "pem", type: "spki" }).toString(),
      fingerprint: createHash("sha256").update(der).digest("hex"),
    };
    pairs.set(authSecret, (pair = { privateKey, publicKey, published }));
  }
  return pair;
}

/**
 * The export's last line: the SHA-256 (hex) of every byte before it, and the Ed25519 signature
 * (base64) of that hex text. Signing the digest lets the export stream in constant memory.
 */
export interface ExportSignature {
  signature: { algorithm: "Ed25519"; keyFingerprint: string; sha256: string; value: string };
}

export function signatureLine(authSecret: string, sha256Hex: string): string {
  const { privateKey, published } = signingKeysOf(authSecret);
  const value = sign(null, Buffer.from(sha256Hex, "ascii"), privateKey).toString("base64");
  const line: ExportSignature = { signature: { algorithm: "Ed25519", keyFingerprint: published.fingerprint, sha256: sha256Hex, value } };
  return `${JSON.stringify(line)}\n`;
}

/**
 * Verifies a downloaded export with nothing but the public key (PEM), as a customer does offline:
 * the digest of everything before the last line, and the signature of that digest.
 */
export function verifySignedExport(exported: Buffer | string, publicKeyPem: string): boolean {
  const bytes = Buffer.isBuffer(exported) ? exported : Buffer.from(exported, "utf8");
  const end = bytes.at(-1) === 0x0a ? bytes.length - 1 : bytes.length;
  const start = bytes.lastIndexOf(0x0a, end - 1) + 1;
  let line: ExportSignature;
  try {
    line = JSON.parse(bytes.subarray(start, end).toString("utf8")) as ExportSignature;
  } catch {
    return false;
  }
  const digest = createHash("sha256").update(bytes.subarray(0, start)).digest("hex");
  if (typeof line.signature?.value !== "string" || line.signature.sha256 !== digest) return false;
  return verify(null, Buffer.from(digest, "ascii"), createPublicKey(publicKeyPem), Buffer.from(line.signature.value, "base64"));
}
