/**
 * One attachment download under a `ResolvedDownloadPolicy`: each hop's host is resolved and
 * checked, the connection goes to the checked address (so a second DNS answer cannot swap it:
 * no rebinding), redirects are followed by hand up to the limit and checked again, and the body
 * is streamed against the size cap.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { untilAborted } from '../util/until-aborted.js';
import { checkedAddress, DownloadRefusal, type ResolvedDownloadPolicy } from './policy.js';

/** A body that arrived whole, or the status of a response that was not a success. */
export type FetchOutcome =
  | { ok: true; bytes: Uint8Array; contentType: string | null }
  | { ok: false; status: number };

interface Hop {
  status: number;
  header(name: string): string | undefined;
  body: AsyncIterable<Uint8Array> | null;
  discard(): void;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetch `url` once (following redirects). `customFetch`, when given, replaces the pinned
 * connection: every hop is still checked first, but that fetch resolves the name again itself.
 *
 * @throws DownloadRefusal when the policy refuses a hop, a redirect or the body size;
 *   `signal.reason` when `signal` aborts; a network error otherwise.
 */
export async function fetchUnderPolicy(
  url: URL,
  policy: ResolvedDownloadPolicy,
  signal: AbortSignal,
  customFetch?: typeof globalThis.fetch,
): Promise<FetchOutcome> {
  // Re-parsed from `href`: a URL-like object (e.g. from another realm) would otherwise reach
  // `http.request` with its own fields (`socketPath`, a `hostname` other than the checked one).
  let current = new URL(url.href);
  for (let redirects = 0; ; redirects++) {
    const address = await untilAborted(checkedAddress(current, policy), signal);
    const hop = await untilAborted(
      customFetch ? viaFetch(customFetch, current, signal) : viaPinnedRequest(current, address, signal),
      signal,
    );
    if (REDIRECTS.has(hop.status)) {
      hop.discard();
      const location = hop.header('location');
      if (location === undefined) return { ok: false, status: hop.status };
      if (redirects >= policy.maxRedirects) {
        throw new DownloadRefusal(
          'too-many-redirects',
          `refused: more than ${policy.maxRedirects} redirect(s) (attachmentDownloads.maxRedirects)`,
        );
      }
      const next = safeUrl(location, current);
      if (next === undefined || (next.protocol !== 'http:' && next.protocol !== 'https:')) {
        throw new DownloadRefusal('bad-redirect', `refused: a redirect to a non-http(s) location`);
      }
      current = next;
      continue;
    }
    if (hop.status < 200 || hop.status > 299) {
      hop.discard();
      return { ok: false, status: hop.status };
    }
    const bytes = await untilAborted(readCapped(hop, policy.maxBytes), signal);
    return { ok: true, bytes, contentType: hop.header('content-type') ?? null };
  }
}

/** The body, refusing (and dropping the connection) once it exceeds `maxBytes`. */
async function readCapped(hop: Hop, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => {
    hop.discard();
    return new DownloadRefusal(
      'too-large',
      `refused: the file is larger than ${maxBytes} bytes (attachmentDownloads.maxBytes)`,
    );
  };
  const declared = Number(hop.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (hop.body === null) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of hop.body) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function viaPinnedRequest(
  url: URL,
  address: { address: string; family: number },
  signal: AbortSignal,
): Promise<Hop> {
  // Every name lookup of this connection answers with the address that passed the check.
  const lookup = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  }) as unknown as LookupFunction;
  return new Promise<Hop>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: 'GET',
      // Uncompressed, so the size cap counts what is kept.
      headers: { accept: '*/*', 'accept-encoding': 'identity' },
      lookup,
      // A fresh connection: a pooled socket could lead to another address.
      agent: false,
      signal,
    });
    request.on('response', (response: IncomingMessage) => {
      resolve({
        status: response.statusCode ?? 0,
        header: (name) => {
          const value = response.headers[name];
          return Array.isArray(value) ? value.join(', ') : value;
        },
        body: response,
        discard: () => response.destroy(),
      });
    });
    request.on('error', reject);
    request.end();
  });
}

async function viaFetch(customFetch: typeof globalThis.fetch, url: URL, signal: AbortSignal): Promise<Hop> {
  const response = await customFetch(url.href, { signal, redirect: 'manual' });
  return {
    status: response.status,
    header: (name) => response.headers.get(name) ?? undefined,
    body: response.body as AsyncIterable<Uint8Array> | null,
    discard: () => {
      response.body?.cancel().catch(() => {});
    },
  };
}

function safeUrl(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

/**
 * The bytes at `url` under `policy` (one attempt, redirects followed, within `timeoutMs`), for
 * code outside the agent's attachment step that fetches prompt files (e.g. to upload them).
 *
 * @throws DownloadRefusal when the policy refuses it (including `timeout`); an Error naming the
 *   status for a non-2xx answer; `signal.reason` when `signal` aborts; a network error otherwise.
 */
export async function downloadUnderPolicy(
  url: URL,
  policy: ResolvedDownloadPolicy,
  signal?: AbortSignal,
): Promise<Uint8Array> {
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  const bounded = signal ? AbortSignal.any([signal, deadline]) : deadline;
  try {
    const outcome = await fetchUnderPolicy(url, policy, bounded);
    if (!outcome.ok) throw new Error(`GET ${url.origin}${url.pathname} answered ${outcome.status}`);
    return outcome.bytes;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (deadline.aborted) {
      throw new DownloadRefusal(
        'timeout',
        `refused: no complete answer within ${policy.timeoutMs} ms (attachmentDownloads.timeoutMs)`,
      );
    }
    throw error;
  }
}
