import { isIP } from 'node:net';
import { gluesToToken } from './boundaries.js';
import { hasCueBefore } from './cues.js';
import type { Candidate, ScanContext } from './types.js';

const V4 = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\w]|\.\d)/g;
const V6 = /(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?:%\w+)?(?![\w:])/g;

/** Version and build numbers are written like addresses (`1.2.3.4`). */
const VERSION_CUES =
  /(?<![\p{L}])(?:v|ver|version|versión|versione|release|build|firmware|バージョン|版本|버전)\.?\s*$/iu;

/** Whether the letters glued before `at` are exactly `IP`/`IPv4`, standing alone before that. */
function gluedIpCue(text: string, at: number): boolean {
  const m = /(?:ip|ipv4)$/i.exec(text.slice(Math.max(0, at - 4), at));
  if (m === null) return false;
  const before = at - m[0].length - 1;
  return !gluesToToken(text, before);
}

/** Addresses that name no one: unspecified, loopback. Reported below the default threshold. */
function anonymous(value: string): boolean {
  return (
    value === '0.0.0.0' ||
    value.startsWith('127.') ||
    value === '::1' ||
    value === '::' ||
    /^(?:0{1,4}:){7}0{0,3}[01]$/.test(value)
  );
}

/**
 * IPv4 and IPv6 addresses, validated by `node:net`. Version numbers after a cue are skipped;
 * unspecified and loopback addresses score 0.3, network addresses (`.0`, CIDR) 0.5.
 */
export function findIps({ text }: ScanContext, out: Candidate[]): void {
  V4.lastIndex = 0;
  for (let m = V4.exec(text); m !== null; m = V4.exec(text)) {
    if (isIP(m[0]) !== 4) continue;
    const start = m.index;
    // Glued to Latin letters it is part of a longer token (`abc1.2.3.4`), unless those letters
    // are the word "IP" itself in CJK text (`来源IP32.113.142.101`).
    if (gluesToToken(text, start - 1) && !gluedIpCue(text, start)) continue;
    if (VERSION_CUES.test(text.slice(Math.max(0, start - 16), start))) continue;
    if (hasCueBefore(text, start, /(?<![\p{L}])(?:version|build|release)/giu, 20)) continue;
    const end = start + m[0].length;
    // A network (`10.0.0.0/8`, `192.168.1.0`) names a range of machines, not one of them.
    const network = m[0].endsWith('.0') || /^\/\d{1,2}(?!\d)/.test(text.slice(end, end + 4));
    out.push({
      type: 'ip-address',
      start,
      end,
      confidence: anonymous(m[0]) ? 0.3 : network ? 0.5 : 0.9,
    });
  }
  V6.lastIndex = 0;
  for (let m = V6.exec(text); m !== null; m = V6.exec(text)) {
    const value = m[0];
    // Clock times and ratios ("12:30:45") are not addresses: an address has a letter, "::"
    // or eight groups.
    const groups = value.split(':').filter((g) => g !== '').length;
    if (!value.includes('::') && !/[A-Fa-f]/.test(value) && groups < 8) continue;
    // `cafe::face` parses, but reads as code (C++ scopes); real addresses have more groups.
    if (groups < 3 && value !== '::1') continue;
    if (isIP(value) !== 6) continue;
    out.push({
      type: 'ip-address',
      start: m.index,
      end: m.index + value.length,
      confidence: anonymous(value) ? 0.3 : 0.9,
    });
  }
}
