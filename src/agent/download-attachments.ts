import type { LanguageModelV2FilePart, LanguageModelV2Prompt } from '@ai-sdk/provider';
import { fetchUnderPolicy } from '../downloads/guarded-fetch.js';
import {
  DEFAULT_ATTACHMENT_DOWNLOADS,
  DownloadRefusal,
  type ResolvedDownloadPolicy,
} from '../downloads/policy.js';
import { DownloadAssetsError } from '../errors/download-assets-error.js';
import { attachmentName } from '../messages/unavailable-attachments.js';

/** Options of {@link downloadAttachments}. */
export interface DownloadAttachmentsOptions {
  /**
   * The model's `supportedUrls`: media-type pattern (`'image/*'`, `'application/pdf'`, `'*'`) →
   * URL patterns the model fetches itself. Matching URLs are left in the prompt untouched.
   */
  supportedUrls: Record<string, RegExp[]>;
  /**
   * What downloads may reach and how much they may take (see `AttachmentDownloadPolicy`).
   * Default `DEFAULT_ATTACHMENT_DOWNLOADS`: public addresses only, 20 MiB, 30 s, 3 redirects.
   */
  policy?: ResolvedDownloadPolicy;
  /**
   * A fetch to use instead of the built-in connection pinned to the checked address. Each hop
   * is still checked against `policy` first, but this fetch resolves the host again itself.
   */
  fetch?: typeof globalThis.fetch;
  /** Cancels every download; the returned promise then rejects with the signal's reason. */
  abortSignal?: AbortSignal;
  /** Retries per URL after network errors, 5xx and 429 responses. Default 3. */
  maxRetries?: number;
  /** Most downloads in flight at once. Default 10. */
  concurrency?: number;
  /**
   * URLs (compared by `URL.href`) never to download, e.g. attachments already known to be
   * unavailable: the caller renders their placeholders, so they stay in the prompt as they are.
   */
  skipUrls?: ReadonlySet<string>;
  /**
   * Downloads kept across calls (e.g. for one run), keyed by URL: a URL downloaded once is not
   * fetched again when the call is retried or the next step sends the same attachment.
   */
  cache?: Map<string, DownloadedAttachment>;
  /**
   * @internal Base delay before the first retry, doubled on each later one (capped at
   * {@link MAX_BACKOFF_MS}). Default 100 ms; tests lower it.
   */
  backoffMs?: number;
}

const DEFAULT_MAX_RETRIES = 3;
const DEFAULT_CONCURRENCY = 10;
const DEFAULT_BACKOFF_MS = 100;
/** A download is worth a short wait, never a long stall of the model call. */
const MAX_BACKOFF_MS = 2_000;

/**
 * Downloads every attachment URL the model cannot fetch itself and puts its bytes in the prompt.
 *
 * Candidates are `file` parts with `URL` data in user and assistant messages whose URL does not
 * match `supportedUrls` (first the part's media type against the pattern key, then the URL
 * against the key's regexes) and is not in `skipUrls`. When there is none, the input prompt
 * object itself is returned, so the common case costs a scan only. Otherwise a new prompt is
 * returned that shares every untouched message and part with the input; the input is never
 * mutated.
 *
 * Each distinct URL is fetched once per call, at most `concurrency` at a time. Network errors,
 * 5xx and 429 responses are retried up to `maxRetries` times with exponential backoff; other
 * 4xx responses fail at once. Schemes other than http(s) that the model does not accept are
 * not fetched at all (a `file:` URL must never be read on a user's behalf) and fail.
 *
 * When the part's media type is missing or a wildcard (`image/*`), the response's
 * `Content-Type` (without parameters) replaces it, since providers need a concrete type; a
 * generic `application/octet-stream` never replaces a wildcard that says more.
 *
 * @throws DownloadAssetsError for the first failed part in prompt order; the other URLs that
 *   failed in the same call are in its `alsoFailed` (every download runs to its end, so one
 *   round reports them all and the successful ones are kept in `cache`).
 * @throws the abort reason of `abortSignal` when it fires, never a DownloadAssetsError.
 */
export async function downloadAttachments(
  prompt: LanguageModelV2Prompt,
  options: DownloadAttachmentsOptions,
): Promise<LanguageModelV2Prompt> {
  const { supportedUrls, skipUrls } = options;
  if (!hasCandidate(prompt, supportedUrls, skipUrls)) return prompt;

  const signal = options.abortSignal;
  signal?.throwIfAborted();

  // One job per distinct URL, numbered by first appearance so failures can be ranked in prompt order.
  const jobs = new Map<string, DownloadJob>();
  for (const message of prompt) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    for (const part of message.content) {
      const url = candidateUrl(part, supportedUrls, skipUrls);
      if (url === undefined || jobs.has(url.href)) continue;
      jobs.set(url.href, {
        url,
        name: attachmentName(part as LanguageModelV2FilePart, url.href),
        order: jobs.size,
      });
    }
  }

  const cache = options.cache;
  const pending: DownloadJob[] = [];
  for (const job of jobs.values()) {
    const cached = cache?.get(job.url.href);
    if (cached) job.result = cached;
    else pending.push(job);
  }
  await runJobs(pending, {
    fetch: options.fetch,
    policy: options.policy ?? DEFAULT_ATTACHMENT_DOWNLOADS,
    signal,
    maxRetries: wholeNumber(options.maxRetries, DEFAULT_MAX_RETRIES, 0),
    concurrency: wholeNumber(options.concurrency, DEFAULT_CONCURRENCY, 1),
    backoffMs: Math.max(0, options.backoffMs ?? DEFAULT_BACKOFF_MS),
    cache,
  });

  return prompt.map((message) => {
    if (message.role !== 'user' && message.role !== 'assistant') return message;
    const content = replaceParts(message.content, jobs, supportedUrls, skipUrls);
    return content === message.content ? message : { ...message, content };
  }) as LanguageModelV2Prompt;
}

interface DownloadJob {
  readonly url: URL;
  /** Name of the first part (in prompt order) that uses this URL; used in the error. */
  readonly name: string;
  /** Index of first appearance among the distinct URLs. */
  readonly order: number;
  result?: Downloaded;
}

/** A downloaded attachment: its bytes and the media type the server sent, when usable. */
export interface DownloadedAttachment {
  bytes: Uint8Array;
  /** The response's media type without parameters, when it sent a usable one. */
  mediaType?: string;
}

type Downloaded = DownloadedAttachment;

interface RunOptions {
  fetch: typeof globalThis.fetch | undefined;
  policy: ResolvedDownloadPolicy;
  signal: AbortSignal | undefined;
  maxRetries: number;
  concurrency: number;
  backoffMs: number;
  cache: Map<string, Downloaded> | undefined;
}

/** Runs the jobs through a pool of `concurrency` workers, taking jobs in prompt order. */
async function runJobs(jobs: DownloadJob[], options: RunOptions): Promise<void> {
  const { signal } = options;
  const active = new Map<DownloadJob, AbortController>();
  let next = 0;
  const failures: Array<{ order: number; error: unknown }> = [];

  const onAbort = () => {
    for (const controller of active.values()) controller.abort(signal?.reason);
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  const worker = async () => {
    while (next < jobs.length && !signal?.aborted) {
      const job = jobs[next++] as DownloadJob;
      const controller = new AbortController();
      active.set(job, controller);
      try {
        job.result = await downloadWithRetries(job, controller.signal, options);
        options.cache?.set(job.url.href, job.result);
      } catch (error) {
        if (controller.signal.aborted) continue; // the caller's abort, rethrown below
        failures.push({ order: job.order, error });
      } finally {
        active.delete(job);
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, jobs.length) }, worker));
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  signal?.throwIfAborted();
  if (failures.length === 0) return;
  failures.sort((a, b) => a.order - b.order);
  const first = failures[0]?.error;
  if (first instanceof DownloadAssetsError) {
    for (const other of failures.slice(1)) {
      if (other.error instanceof DownloadAssetsError) first.alsoFailed.push(other.error);
    }
  }
  throw first;
}

/** True when some file part of the prompt carries a URL (a download may be needed). */
export function hasUrlFileParts(prompt: LanguageModelV2Prompt): boolean {
  for (const message of prompt) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (part.type === 'file' && isUrl((part as LanguageModelV2FilePart).data)) return true;
    }
  }
  return false;
}

/**
 * Fetches one URL under the policy, retrying transient failures within its `timeoutMs`; throws
 * DownloadAssetsError (with `details.reason` for a policy refusal) or the abort reason.
 */
async function downloadWithRetries(
  job: DownloadJob,
  signal: AbortSignal,
  options: RunOptions,
): Promise<Downloaded> {
  const { url, name } = job;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new DownloadAssetsError({
      url: url.href,
      name,
      cause: new Error(
        `Cannot download "${url.protocol}" URLs: only http(s) attachments are fetched, and the model does not accept this URL itself.`,
      ),
    });
  }

  const { policy } = options;
  // One deadline for the whole URL: attempts, backoff, redirects and body.
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  const bounded = AbortSignal.any([signal, deadline]);
  const refused = (cause: DownloadRefusal) =>
    new DownloadAssetsError({ url: url.href, name, cause, reason: cause.reason });
  for (let attempt = 0; ; attempt++) {
    let status: number | undefined;
    let cause: unknown;
    let retryable: boolean;
    try {
      const outcome = await fetchUnderPolicy(url, policy, bounded, options.fetch);
      if (outcome.ok) return { bytes: outcome.bytes, mediaType: concreteMediaType(outcome.contentType) };
      status = outcome.status;
      retryable = status >= 500 || status === 429;
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (deadline.aborted) throw refused(timedOut(policy.timeoutMs));
      if (error instanceof DownloadRefusal) throw refused(error);
      cause = error;
      retryable = true; // a network failure (refused, reset, body cut short) may well be transient
    }
    if (!retryable || attempt >= options.maxRetries) {
      throw new DownloadAssetsError({ url: url.href, name, status, cause });
    }
    try {
      await sleep(Math.min(options.backoffMs * 2 ** attempt, MAX_BACKOFF_MS), bounded);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw deadline.aborted ? refused(timedOut(policy.timeoutMs)) : error;
    }
  }
}

function timedOut(ms: number): DownloadRefusal {
  return new DownloadRefusal(
    'timeout',
    `refused: no complete answer within ${ms} ms (attachmentDownloads.timeoutMs)`,
  );
}

/** Waits `ms`, rejecting with the abort reason if `signal` fires first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** True when some part needs downloading; allocates nothing beyond what matching needs. */
function hasCandidate(
  prompt: LanguageModelV2Prompt,
  supportedUrls: Record<string, RegExp[]>,
  skipUrls: ReadonlySet<string> | undefined,
): boolean {
  for (const message of prompt) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (candidateUrl(part, supportedUrls, skipUrls) !== undefined) return true;
    }
  }
  return false;
}

/** The part's URL when it is a file part the caller must download, else undefined. */
function candidateUrl(
  part: { type: string },
  supportedUrls: Record<string, RegExp[]>,
  skipUrls: ReadonlySet<string> | undefined,
): URL | undefined {
  if (part.type !== 'file') return undefined;
  const file = part as LanguageModelV2FilePart;
  if (!isUrl(file.data)) return undefined;
  const href = file.data.href;
  if (skipUrls?.has(href)) return undefined;
  if (isSupportedUrl(file.mediaType, href, supportedUrls)) return undefined;
  return file.data;
}

/** `instanceof URL`, plus URL objects from another realm (e.g. a vm context or a test environment). */
function isUrl(value: unknown): value is URL {
  if (value instanceof URL) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Uint8Array) &&
    typeof (value as URL).href === 'string' &&
    typeof (value as URL).protocol === 'string'
  );
}

/** Whether the model fetches `url` itself for a part of `mediaType`. */
function isSupportedUrl(
  mediaType: string | undefined,
  url: string,
  supportedUrls: Record<string, RegExp[]>,
): boolean {
  const type = bareMediaType(mediaType ?? '');
  for (const pattern in supportedUrls) {
    if (!Object.hasOwn(supportedUrls, pattern) || !mediaTypeMatches(pattern.toLowerCase(), type)) continue;
    const regexes = supportedUrls[pattern];
    if (!Array.isArray(regexes)) continue;
    // `search` ignores `lastIndex`, so a global regex cannot give different answers on reuse.
    for (const regex of regexes) if (url.search(regex) !== -1) return true;
  }
  return false;
}

/** `'*'` and `'*\/*'` match anything, `'image/*'` any image type (and `image/*` itself), else equality. */
function mediaTypeMatches(pattern: string, type: string): boolean {
  if (pattern === '*' || pattern === '*/*') return true;
  if (pattern.endsWith('/*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/** Lower-cased `type/subtype` without parameters. */
function bareMediaType(mediaType: string): string {
  const semicolon = mediaType.indexOf(';');
  return (semicolon === -1 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}

/** A response `Content-Type` reduced to a concrete `type/subtype`, or undefined when unusable. */
function concreteMediaType(contentType: string | null): string | undefined {
  if (contentType === null) return undefined;
  const type = bareMediaType(contentType);
  return /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : undefined;
}

/** The media type the downloaded part should carry. */
function resolvedMediaType(partType: string | undefined, downloaded: Downloaded): string {
  const current = partType?.trim() ?? '';
  // Input without a content type is stored as octet-stream: the server's type says more.
  const isVague = current === '' || current.includes('*') || current === 'application/octet-stream';
  if (!isVague || downloaded.mediaType === undefined) return partType ?? '';
  // A wildcard such as `image/*` says more than a generic octet-stream.
  if (
    current !== '' &&
    current !== '*' &&
    current !== '*/*' &&
    downloaded.mediaType === 'application/octet-stream'
  ) {
    return partType ?? '';
  }
  return downloaded.mediaType;
}

/** `parts` with downloaded file parts swapped for their bytes; the same array when none changed. */
function replaceParts<P extends { type: string }>(
  parts: P[],
  jobs: ReadonlyMap<string, DownloadJob>,
  supportedUrls: Record<string, RegExp[]>,
  skipUrls: ReadonlySet<string> | undefined,
): P[] {
  let copy: P[] | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const url = candidateUrl(part, supportedUrls, skipUrls);
    const downloaded = url === undefined ? undefined : jobs.get(url.href)?.result;
    if (downloaded === undefined) continue;
    const file = part as unknown as LanguageModelV2FilePart;
    const replaced: LanguageModelV2FilePart = {
      ...file,
      data: downloaded.bytes,
      mediaType: resolvedMediaType(file.mediaType, downloaded),
    };
    copy ??= parts.slice();
    copy[i] = replaced as unknown as P;
  }
  return copy ?? parts;
}

/** A whole number ≥ `min`, or `fallback` when the value is missing or not a finite number. */
function wholeNumber(value: number | undefined, fallback: number, min: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.max(min, Math.floor(value));
}
