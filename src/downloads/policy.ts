/**
 * What attachment downloads may reach. File URLs come from users, so fetching them server-side
 * is a request forgery risk: by default only public addresses are fetched (checked after DNS
 * resolution, on every redirect hop, with the connection pinned to the checked address), and
 * every download is bounded in size, time and redirects.
 */

import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ConfigurationErrorCode } from '../errors/codes.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import { describeValue as describe } from '../errors/describe-value.js';
import { isTimerMs } from '../util/timer-ms.js';

/** Resolves a host name to its addresses (every one is checked; the first is connected to). */
export type HostLookup = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

/**
 * The attachment download policy (`attachmentDownloads` on the Agent and per call; a call's
 * fields override the agent's one by one).
 */
export interface AttachmentDownloadPolicy {
  /**
   * Fetch from loopback, private, link-local, CGNAT and other non-public addresses too.
   * Default `false`: such URLs (including names resolving to them) are refused.
   */
  allowPrivateNetworks?: boolean;
  /**
   * Hosts that may be fetched even though they resolve to non-public addresses: exact names
   * (`files.internal`), subdomain patterns (`*.corp.example`) or IP literals (`10.0.0.5`,
   * `::1`). They do not restrict other, public hosts. Default none.
   */
  allowHosts?: readonly string[];
  /** Largest body accepted, in bytes; a larger one is aborted while streaming. Default 20 MiB. */
  maxBytes?: number;
  /** Time one URL may take (all attempts, redirects and the body), in ms. Default 30 000. */
  timeoutMs?: number;
  /** Redirects followed per download (each target is checked again). Default 3. */
  maxRedirects?: number;
  /**
   * Resolves host names; default `dns.lookup` with `all: true`. Replace it to use your own
   * resolver (or, in tests, to map a name to an address).
   */
  lookup?: HostLookup;
}

/** A policy with every field set. */
export interface ResolvedDownloadPolicy {
  readonly allowPrivateNetworks: boolean;
  readonly allowHosts: readonly string[];
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly maxRedirects: number;
  readonly lookup: HostLookup;
}

const defaultLookup: HostLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The defaults: public addresses only, 20 MiB, 30 s, 3 redirects (frozen). */
export const DEFAULT_ATTACHMENT_DOWNLOADS: ResolvedDownloadPolicy = Object.freeze({
  allowPrivateNetworks: false,
  allowHosts: Object.freeze([]) as readonly string[],
  maxBytes: 20 * 1024 * 1024,
  timeoutMs: 30_000,
  maxRedirects: 3,
  lookup: defaultLookup,
});

const KEYS = new Set([
  'allowPrivateNetworks',
  'allowHosts',
  'maxBytes',
  'timeoutMs',
  'maxRedirects',
  'lookup',
]);

/**
 * Check a policy as given by the user.
 *
 * @throws ConfigurationError with `code` (default `AGENT_INVALID_OPTIONS`) naming `owner`, the
 *   field and the fix.
 */
export function validateDownloadPolicy(
  policy: unknown,
  owner: string,
  code: ConfigurationErrorCode = 'AGENT_INVALID_OPTIONS',
): void {
  if (policy === undefined) return;
  const fail = (field: string, wanted: string, got: unknown): never => {
    throw new ConfigurationError(
      code,
      `${owner}: "attachmentDownloads${field ? `.${field}` : ''}" must be ${wanted} (got ${describe(got)}). Fix the value or leave it out for the default.`,
      { details: { option: `attachmentDownloads${field ? `.${field}` : ''}` } },
    );
  };
  if (typeof policy !== 'object' || policy === null || Array.isArray(policy)) {
    fail(
      '',
      'an object like { allowPrivateNetworks?, allowHosts?, maxBytes?, timeoutMs?, maxRedirects? }',
      policy,
    );
  }
  const p = policy as Record<string, unknown>;
  for (const key of Object.keys(p)) if (!KEYS.has(key)) fail(key, `one of ${[...KEYS].join(', ')}`, key);
  if (p.allowPrivateNetworks !== undefined && typeof p.allowPrivateNetworks !== 'boolean') {
    fail('allowPrivateNetworks', 'a boolean', p.allowPrivateNetworks);
  }
  if (
    p.allowHosts !== undefined &&
    (!Array.isArray(p.allowHosts) || !p.allowHosts.every((h) => typeof h === 'string' && h.trim() !== ''))
  ) {
    fail('allowHosts', 'an array of host names, "*.domain" patterns or IP addresses', p.allowHosts);
  }
  if (p.maxBytes !== undefined && !(Number.isSafeInteger(p.maxBytes) && (p.maxBytes as number) > 0)) {
    fail('maxBytes', 'a positive whole number of bytes', p.maxBytes);
  }
  if (p.timeoutMs !== undefined && !isTimerMs(p.timeoutMs)) {
    fail('timeoutMs', 'a positive number of milliseconds', p.timeoutMs);
  }
  if (
    p.maxRedirects !== undefined &&
    !(Number.isInteger(p.maxRedirects) && (p.maxRedirects as number) >= 0)
  ) {
    fail('maxRedirects', 'a whole number ≥ 0', p.maxRedirects);
  }
  if (p.lookup !== undefined && typeof p.lookup !== 'function') fail('lookup', 'a function', p.lookup);
}

/**
 * The policy a run uses: the defaults, then the agent's fields, then the call's.
 *
 * @throws ConfigurationError when either policy is malformed (see `validateDownloadPolicy`).
 */
export function resolveDownloadPolicy(
  agentPolicy: AttachmentDownloadPolicy | undefined,
  callPolicy: AttachmentDownloadPolicy | undefined,
  owner: string,
): ResolvedDownloadPolicy {
  validateDownloadPolicy(agentPolicy, owner, 'AGENT_INVALID_CONFIG');
  validateDownloadPolicy(callPolicy, `${owner} call`);
  if (agentPolicy === undefined && callPolicy === undefined) return DEFAULT_ATTACHMENT_DOWNLOADS;
  const pick = <K extends keyof ResolvedDownloadPolicy>(key: K): ResolvedDownloadPolicy[K] =>
    ((callPolicy as ResolvedDownloadPolicy | undefined)?.[key] ??
      (agentPolicy as ResolvedDownloadPolicy | undefined)?.[key] ??
      DEFAULT_ATTACHMENT_DOWNLOADS[key]) as ResolvedDownloadPolicy[K];
  return Object.freeze({
    allowPrivateNetworks: pick('allowPrivateNetworks'),
    allowHosts: Object.freeze(pick('allowHosts').map((h) => stripBrackets(h.trim().toLowerCase()))),
    maxBytes: pick('maxBytes'),
    timeoutMs: pick('timeoutMs'),
    maxRedirects: pick('maxRedirects'),
    lookup: pick('lookup'),
  });
}

/** A download the policy refused; `reason` is stable, the message says what to change. */
export class DownloadRefusal extends Error {
  constructor(
    readonly reason: 'blocked-address' | 'too-large' | 'timeout' | 'too-many-redirects' | 'bad-redirect',
    message: string,
  ) {
    super(message);
    this.name = 'DownloadRefusal';
  }
}

/** Whether `host` (lower-case, no brackets) is in the allow-list. */
function hostAllowed(host: string, allowHosts: readonly string[]): boolean {
  for (const entry of allowHosts) {
    if (entry === host) return true;
    if (entry.startsWith('*.') && host.endsWith(entry.slice(1))) return true;
    // IP literals compare by value: `::1` and `0:0:0:0:0:0:0:1` are one address.
    if (isIP(entry) && isIP(host) && sameAddress(entry, host)) return true;
  }
  return false;
}

/**
 * The address to connect to for `url`, after checking every address the host resolves to.
 *
 * @throws DownloadRefusal `blocked-address` when the host is or resolves to a non-public
 *   address and neither `allowPrivateNetworks` nor `allowHosts` allows it.
 */
export async function checkedAddress(
  url: URL,
  policy: ResolvedDownloadPolicy,
): Promise<{ address: string; family: number }> {
  const host = stripBrackets(url.hostname.toLowerCase());
  const family = isIP(host);
  const addresses = family !== 0 ? [{ address: host, family }] : await policy.lookup(host);
  const first = addresses[0];
  if (first === undefined) throw new Error(`"${host}" did not resolve to any address`);
  if (policy.allowPrivateNetworks || hostAllowed(host, policy.allowHosts)) return first;
  for (const { address } of addresses) {
    const range = nonPublicRange(address);
    if (range !== undefined) {
      throw new DownloadRefusal(
        'blocked-address',
        `refused: ${family !== 0 ? `${host} is` : `"${host}" resolves to ${address},`} a ${range} address, and attachment downloads only reach public addresses. If this host is trusted, add it to attachmentDownloads.allowHosts (or set attachmentDownloads.allowPrivateNetworks)`,
      );
    }
  }
  return first;
}

// ---------------------------------------------------------------------------------------------
// Address ranges
// ---------------------------------------------------------------------------------------------

/** IPv4 ranges that are not public unicast: [network, prefix length, name]. */
const IPV4_RANGES: ReadonlyArray<readonly [number, number, string]> = [
  [v4('0.0.0.0'), 8, '"this network" (0.0.0.0/8)'],
  [v4('10.0.0.0'), 8, 'private (10.0.0.0/8)'],
  [v4('100.64.0.0'), 10, 'carrier-grade NAT (100.64.0.0/10)'],
  [v4('127.0.0.0'), 8, 'loopback (127.0.0.0/8)'],
  [v4('169.254.0.0'), 16, 'link-local / cloud metadata (169.254.0.0/16)'],
  [v4('172.16.0.0'), 12, 'private (172.16.0.0/12)'],
  [v4('192.0.0.0'), 24, 'IETF protocol (192.0.0.0/24)'],
  [v4('192.0.2.0'), 24, 'documentation (192.0.2.0/24)'],
  [v4('192.88.99.0'), 24, '6to4 relay (192.88.99.0/24)'],
  [v4('192.168.0.0'), 16, 'private (192.168.0.0/16)'],
  [v4('198.18.0.0'), 15, 'benchmarking (198.18.0.0/15)'],
  [v4('198.51.100.0'), 24, 'documentation (198.51.100.0/24)'],
  [v4('203.0.113.0'), 24, 'documentation (203.0.113.0/24)'],
  [v4('224.0.0.0'), 4, 'multicast (224.0.0.0/4)'],
  [v4('240.0.0.0'), 4, 'reserved / broadcast (240.0.0.0/4)'],
];

/**
 * The name of the non-public range `address` (IPv4 or IPv6) is in, or undefined when it is a
 * public unicast address. IPv6 addresses that embed an IPv4 one (IPv4-mapped, NAT64, 6to4) are
 * judged by the embedded address; anything outside 2000::/3 is non-public.
 */
export function nonPublicRange(address: string): string | undefined {
  const bare = address.split('%')[0] ?? address; // drop an IPv6 zone id
  const family = isIP(bare);
  if (family === 4) return v4Range(v4(bare));
  if (family !== 6) return 'unparsable';
  const g = v6Groups(bare);
  const embedded = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(8)) return 'unspecified (::)';
  if (zeros(7) && g[7] === 1) return 'loopback (::1)';
  if (zeros(5) && g[5] === 0xffff) {
    const range = v4Range(embedded(g[6] as number, g[7] as number));
    return range && `IPv4-mapped ${range}`;
  }
  if (zeros(6)) return 'IPv4-compatible (::/96)';
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    const range = v4Range(embedded(g[6] as number, g[7] as number));
    return range && `NAT64 ${range}`;
  }
  const first = g[0] as number;
  if ((first & 0xe000) !== 0x2000) {
    if ((first & 0xfe00) === 0xfc00) return 'unique-local (fc00::/7)';
    if ((first & 0xffc0) === 0xfe80) return 'link-local (fe80::/10)';
    if ((first & 0xff00) === 0xff00) return 'multicast (ff00::/8)';
    return 'reserved IPv6 (outside 2000::/3)';
  }
  if (first === 0x2001 && (g[1] as number) < 0x0200) return 'IETF special-purpose (2001::/23)';
  if (first === 0x2001 && g[1] === 0x0db8) return 'documentation (2001:db8::/32)';
  if (first === 0x2002) {
    const range = v4Range(embedded(g[1] as number, g[2] as number));
    return range && `6to4 ${range}`;
  }
  if ((first & 0xfff0) === 0x3ff0) return 'documentation (3fff::/20)';
  return undefined;
}

function v4Range(value: number): string | undefined {
  for (const [network, prefix, name] of IPV4_RANGES) {
    const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
    if ((value & mask) >>> 0 === network) return name;
  }
  return undefined;
}

function v4(address: string): number {
  const [a, b, c, d] = address.split('.').map(Number) as [number, number, number, number];
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail is folded in). */
function v6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.lastIndexOf('.') === -1 ? -1 : text.lastIndexOf(':');
  if (dotted !== -1) {
    const n = v4(text.slice(dotted + 1));
    text = `${text.slice(0, dotted + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : new Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((x) => Number.parseInt(x, 16));
}

function sameAddress(a: string, b: string): boolean {
  const fa = isIP(a);
  if (fa !== isIP(b)) return false;
  return fa === 4 ? a === b : v6Groups(a).join(':') === v6Groups(b).join(':');
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
