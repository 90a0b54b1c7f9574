import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readReplyAddress, replyAddress, type ReplyTarget } from "./reply-address";

const SECRET = "a-test-secret-of-some-length-0123456789";
const DOMAIN = "in.portal.example";
const user = "3f2b8c1e-9a4d-4e6f-8b1a-2c3d4e5f6a7b";

const targets: ReplyTarget[] = [
  { kind: "ticket", id: randomUUID() },
  { kind: "project", id: randomUUID() },
  { kind: "conversation", id: randomUUID() },
];

/** RFC 4648 base32, lowercased and unpadded, written out bit by bit: a second spelling to check the token against. */
const ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const bytesOf = (token: string) =>
  Buffer.from(
    [...token]
      .map((char) => ALPHABET.indexOf(char).toString(2).padStart(5, "0"))
      .join("")
      .match(/.{8}/g)!
      .map((byte) => parseInt(byte, 2)),
  );
const tokenOf = (bytes: Buffer) => {
  const bits = [...bytes].map((byte) => byte.toString(2).padStart(8, "0")).join("");
  return bits
    .padEnd(Math.ceil(bits.length / 5) * 5, "0")
    .match(/.{5}/g)!
    .map((group) => ALPHABET[parseInt(group, 2)])
    .join("");
};
const tokenIn = (address: string) => /^reply\+([a-z2-7]+)@/.exec(address)![1]!;
const addressWith = (token: string) => `reply+${token}@${DOMAIN}`;

describe("the signed reply address", () => {
  const address = replyAddress(SECRET, DOMAIN, user, targets[0]!);
  const localPart = address.slice(0, address.indexOf("@"));

  it(`is reply+<69 lowercase base32 characters>@domain: a local part of ${localPart.length} characters`, () => {
    expect(address).toMatch(new RegExp(`^reply\\+[a-z2-7]{69}@${DOMAIN.replaceAll(".", "\\.")}$`));
    expect(localPart).toHaveLength(75);
  });

  it("holds the kind byte, the record's UUID, the recipient's UUID and a 10-byte MAC, in that order", () => {
    const bytes = bytesOf(tokenIn(address));
    expect(bytes).toHaveLength(43);
    expect(bytes[0]).toBe(1);
    expect(bytes.subarray(1, 17).toString("hex")).toBe(targets[0]!.id.replaceAll("-", ""));
    expect(bytes.subarray(17, 33).toString("hex")).toBe(user.replaceAll("-", ""));
  });

  it.each(targets)("reads back the recipient and the $kind it was made for", (target) => {
    expect(readReplyAddress(SECRET, DOMAIN, replyAddress(SECRET, DOMAIN, user, target))).toEqual({ recipientUserId: user, target });
  });

  it("reads an address whose case a mail system changed, and ids given in upper case come back in lower case", () => {
    const target: ReplyTarget = { kind: "project", id: targets[1]!.id.toUpperCase() };
    const made = replyAddress(SECRET, DOMAIN.toUpperCase(), user.toUpperCase(), target);
    expect(made).toBe(made.toLowerCase());
    expect(readReplyAddress(SECRET, DOMAIN, made.toUpperCase())).toEqual({ recipientUserId: user, target: targets[1] });
    expect(readReplyAddress(SECRET, DOMAIN.toUpperCase(), `Reply+${tokenIn(made).toUpperCase()}@In.Portal.Example`)).toEqual({ recipientUserId: user, target: targets[1] });
  });

  it("reads every character flipped to another as null", () => {
    const token = tokenIn(address);
    for (let i = 0; i < token.length; i++) {
      const other = ALPHABET[(ALPHABET.indexOf(token[i]!) + 1) % ALPHABET.length]!;
      expect(readReplyAddress(SECRET, DOMAIN, addressWith(token.slice(0, i) + other + token.slice(i + 1))), `character ${i}`).toBeNull();
    }
  });

  it("reads a token whose kind byte, record or recipient was changed as null, an unknown kind included", () => {
    const bytes = bytesOf(tokenIn(address));
    for (const [index, value] of [[0, 2], [0, 3], [0, 0], [0, 9], [5, bytes[5]! ^ 1], [30, bytes[30]! ^ 128]] as const) {
      const changed = Buffer.from(bytes);
      changed[index] = value;
      expect(readReplyAddress(SECRET, DOMAIN, addressWith(tokenOf(changed))), `byte ${index} = ${value}`).toBeNull();
    }
  });

  it("reads as null under another secret, at another domain or with another local-part prefix", () => {
    expect(readReplyAddress(`${SECRET}x`, DOMAIN, address)).toBeNull();
    expect(readReplyAddress(SECRET, "other.example", address)).toBeNull();
    expect(readReplyAddress(SECRET, DOMAIN, address.replace(DOMAIN, `x.${DOMAIN}`))).toBeNull();
    expect(readReplyAddress(SECRET, DOMAIN, address.replace("reply+", "replies+"))).toBeNull();
    expect(readReplyAddress(SECRET, DOMAIN, address.replace("reply+", "reply-"))).toBeNull();
    expect(readReplyAddress(SECRET, DOMAIN, address.replace("reply+", ""))).toBeNull();
  });

  it("reads a truncated or lengthened token, a second spelling of its last character, bad base32, garbage and the empty string as null", () => {
    const token = tokenIn(address);
    expect(readReplyAddress(SECRET, DOMAIN, addressWith(token.slice(0, -1)))).toBeNull();
    expect(readReplyAddress(SECRET, DOMAIN, addressWith(token.slice(0, 56)))).toBeNull();
    expect(readReplyAddress(SECRET, DOMAIN, addressWith(`${token}a`))).toBeNull();
    // 69 characters carry 345 bits for 344: the last one's spare bit set spells the same bytes another way.
    const last = ALPHABET.indexOf(token.at(-1)!);
    expect(readReplyAddress(SECRET, DOMAIN, addressWith(token.slice(0, -1) + ALPHABET[last | 1]))).toBeNull();
    for (const bad of ["0", "1", "8", "9", "=", "-", " ", "é"]) {
      expect(readReplyAddress(SECRET, DOMAIN, addressWith(bad + token.slice(1))), JSON.stringify(bad)).toBeNull();
    }
    for (const garbage of ["", "@", "reply+", `reply+@${DOMAIN}`, `@${DOMAIN}`, DOMAIN, "not an address", `${address}@${DOMAIN}`, ` ${address}`, `<${address}>`, "\u0000", "x".repeat(100_000)]) {
      expect(readReplyAddress(SECRET, DOMAIN, garbage), JSON.stringify(garbage.slice(0, 40))).toBeNull();
    }
  });

  it("refuses to make an address for an id that is no UUID", () => {
    expect(() => replyAddress(SECRET, DOMAIN, "not-a-uuid", targets[0]!)).toThrow(/Not a UUID/);
    expect(() => replyAddress(SECRET, DOMAIN, user, { kind: "ticket", id: "42" })).toThrow(/Not a UUID/);
  });
});
