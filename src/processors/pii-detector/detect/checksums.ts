/**
 * Check digits and checksums the validators share. Each is linear in its input and allocates
 * nothing beyond small integers, except base58 decoding (a bounded 25-byte buffer).
 */
import { createHash } from 'node:crypto';

/** Luhn (mod 10) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** ISO 7064 mod 97-10 over an IBAN (letters as 10..35), after moving the first four to the end. */
export function ibanMod97(iban: string): number {
  const s = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) rest = (rest * 10 + (c - 48)) % 97;
    else if (c >= 65 && c <= 90) rest = (rest * 100 + (c - 55)) % 97;
    else return -1;
  }
  return rest;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Whether a legacy Bitcoin address (base58check, version 0x00 or 0x05) has a valid checksum. */
export function base58CheckValid(address: string): boolean {
  const bytes = new Uint8Array(25);
  for (let i = 0; i < address.length; i++) {
    let carry = BASE58.indexOf(address.charAt(i));
    if (carry < 0) return false;
    for (let j = 24; j >= 0; j--) {
      carry += 58 * (bytes[j] as number);
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    if (carry !== 0) return false;
  }
  if (bytes[0] !== 0x00 && bytes[0] !== 0x05) return false;
  const payload = bytes.subarray(0, 21);
  const once = createHash('sha256').update(payload).digest();
  const twice = createHash('sha256').update(once).digest();
  for (let i = 0; i < 4; i++) if (twice[i] !== bytes[21 + i]) return false;
  return true;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/** Whether a SegWit address (`bc1…`, bech32 or bech32m) has a valid checksum. */
export function bech32Valid(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower !== address && address.toUpperCase() !== address) return false;
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) return false;
  let chk = 1;
  const step = (v: number): void => {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATORS[i] as number;
  };
  for (let i = 0; i < sep; i++) step(lower.charCodeAt(i) >> 5);
  step(0);
  for (let i = 0; i < sep; i++) step(lower.charCodeAt(i) & 31);
  for (let i = sep + 1; i < lower.length; i++) {
    const v = BECH32.indexOf(lower.charAt(i));
    if (v < 0) return false;
    step(v);
  }
  // bech32 (witness v0) ends in 1, bech32m (v1+, taproot) in 0x2bc830a3.
  return chk === 1 || chk === 0x2bc830a3;
}

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  const n = s.length;
  for (const c of counts.values()) {
    const p = c / n;
    bits -= p * Math.log2(p);
  }
  return bits;
}
