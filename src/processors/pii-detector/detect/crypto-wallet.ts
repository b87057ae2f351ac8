import { base58CheckValid, bech32Valid } from './checksums.js';
import type { Candidate, ScanContext } from './types.js';

const LEGACY = /(?<![\w])[13][1-9A-HJ-NP-Za-km-z]{25,34}(?![\w])/g;
const SEGWIT = /(?<![\w])(?:bc1|BC1)[02-9ac-hj-np-z]{8,87}(?![\w])/gi;
const ETH = /(?<![\w])0x[0-9a-fA-F]{40}(?![\w])/g;
const ETH_CUES =
  /(?<![\p{L}])(?:eth|ethereum|wallet|address|adresse|dirección|钱包|地址|ウォレット|アドレス|지갑|주소|send|pay|usdt|usdc)/iu;
const DIGEST = /(?<![\p{L}])(?:hash|sha|commit|tx|txid|transaction|digest)/iu;

/**
 * Crypto wallet addresses: Bitcoin legacy (base58check checksum), SegWit/Taproot (bech32 /
 * bech32m checksum), Ethereum (`0x` + 40 hex; no checksum is required, so a hash cue before it
 * rules it out and a wallet cue raises confidence).
 */
export function findWallets({ text }: ScanContext, out: Candidate[]): void {
  LEGACY.lastIndex = 0;
  for (let m = LEGACY.exec(text); m !== null; m = LEGACY.exec(text)) {
    if (base58CheckValid(m[0]))
      out.push({ type: 'crypto-wallet', start: m.index, end: m.index + m[0].length, confidence: 0.97 });
  }
  SEGWIT.lastIndex = 0;
  for (let m = SEGWIT.exec(text); m !== null; m = SEGWIT.exec(text)) {
    if (bech32Valid(m[0]))
      out.push({ type: 'crypto-wallet', start: m.index, end: m.index + m[0].length, confidence: 0.97 });
  }
  ETH.lastIndex = 0;
  for (let m = ETH.exec(text); m !== null; m = ETH.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    if (DIGEST.test(before)) continue;
    const confidence = ETH_CUES.test(before) ? 0.95 : 0.8;
    out.push({ type: 'crypto-wallet', start: m.index, end: m.index + m[0].length, confidence });
  }
}
