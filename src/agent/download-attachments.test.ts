/**
 * Attachment downloads before a model call, checked
 * against a real local HTTP server so retries, resets and concurrency are the real thing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LanguageModelV2FilePart, LanguageModelV2Prompt } from '@ai-sdk/provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resolveDownloadPolicy } from '../downloads/policy.js';
import { DownloadAssetsError } from '../errors/download-assets-error.js';
import { attachmentName, attachmentPlaceholder } from '../messages/unavailable-attachments.js';
import { type DownloadAttachmentsOptions, downloadAttachments } from './download-attachments.js';

type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

let server: Server;
let base: string;
/** Per-path handlers, reset before every test. */
let routes: Map<string, Handler>;
/** Requests received per path. */
let hits: Map<string, number>;
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const hit = (hits.get(path) ?? 0) + 1;
    hits.set(path, hit);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let counted = true;
    const done = () => {
      if (counted) inFlight--;
      counted = false;
    };
    res.on('close', done);
    const handler = routes.get(path);
    if (handler === undefined) {
      res.writeHead(404).end();
      return;
    }
    handler(req, res, hit);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  routes = new Map();
  hits = new Map();
  inFlight = 0;
  maxInFlight = 0;
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

function serveBytes(res: ServerResponse, bytes: Uint8Array, type = 'image/png'): void {
  res.writeHead(200, { 'content-type': type, 'content-length': bytes.byteLength }).end(Buffer.from(bytes));
}

function url(path: string): URL {
  return new URL(path, base);
}

function file(
  data: URL | string | Uint8Array,
  mediaType = 'image/png',
  filename?: string,
): LanguageModelV2FilePart {
  return { type: 'file', data, mediaType, ...(filename === undefined ? {} : { filename }) };
}

function userPrompt(...parts: LanguageModelV2FilePart[]): LanguageModelV2Prompt {
  return [
    { role: 'system', content: 'be brief' },
    { role: 'user', content: [{ type: 'text', text: 'look' }, ...parts] },
  ];
}

function filePart(
  prompt: LanguageModelV2Prompt,
  messageIndex: number,
  partIndex: number,
): LanguageModelV2FilePart {
  const message = prompt[messageIndex];
  if (message.role !== 'user' && message.role !== 'assistant') throw new Error('no parts');
  return message.content[partIndex] as LanguageModelV2FilePart;
}

/** The test server is on loopback: these tests opt in to private addresses. */
const LOCAL = resolveDownloadPolicy(undefined, { allowPrivateNetworks: true }, 'test');

/** Options for a model that fetches nothing itself, with retries that do not slow the suite. */
function options(overrides: Partial<DownloadAttachmentsOptions> = {}): DownloadAttachmentsOptions {
  return { supportedUrls: {}, backoffMs: 1, policy: LOCAL, ...overrides };
}

async function failure(promise: Promise<unknown>): Promise<DownloadAssetsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DownloadAssetsError);
  return error as DownloadAssetsError;
}

describe('downloadAttachments: URLs the model cannot fetch are downloaded before the call', () => {
  it('replaces the URL with the downloaded bytes', async () => {
    routes.set('/cat.png', (_req, res) => serveBytes(res, PNG));
    const result = await downloadAttachments(
      userPrompt(file(url('/cat.png'), 'image/png', 'cat.png')),
      options(),
    );
    const part = filePart(result, 1, 1);
    expect(part.data).toBeInstanceOf(Uint8Array);
    expect([...(part.data as Uint8Array)]).toEqual([...PNG]);
    expect(part).toMatchObject({ type: 'file', mediaType: 'image/png', filename: 'cat.png' });
  });

  it("takes the response's Content-Type when the part's media type is a wildcard or missing", async () => {
    routes.set('/a', (_req, res) => serveBytes(res, PNG, 'image/webp; charset=binary'));
    routes.set('/b', (_req, res) => serveBytes(res, PNG, 'application/pdf'));
    const result = await downloadAttachments(
      userPrompt(file(url('/a'), 'image/*'), file(url('/b'), '')),
      options(),
    );
    expect(filePart(result, 1, 1).mediaType).toBe('image/webp');
    expect(filePart(result, 1, 2).mediaType).toBe('application/pdf');
  });

  it('keeps a concrete media type of the part, and a wildcard over a generic octet-stream', async () => {
    routes.set('/a', (_req, res) => serveBytes(res, PNG, 'image/png'));
    routes.set('/b', (_req, res) => serveBytes(res, PNG, 'application/octet-stream'));
    const result = await downloadAttachments(
      userPrompt(file(url('/a'), 'image/jpeg'), file(url('/b'), 'image/*')),
      options(),
    );
    expect(filePart(result, 1, 1).mediaType).toBe('image/jpeg');
    expect(filePart(result, 1, 2).mediaType).toBe('image/*');
  });

  it('downloads file parts of assistant messages too, and leaves other roles alone', async () => {
    routes.set('/a.png', (_req, res) => serveBytes(res, PNG));
    const prompt: LanguageModelV2Prompt = [
      { role: 'assistant', content: [{ type: 'text', text: 'here' }, file(url('/a.png'))] },
    ];
    const result = await downloadAttachments(prompt, options());
    expect(filePart(result, 0, 1).data).toBeInstanceOf(Uint8Array);
  });
});

describe('downloadAttachments: what is left alone', () => {
  it('returns the same prompt object when the model supports every URL (no request made)', async () => {
    routes.set('/cat.png', (_req, res) => serveBytes(res, PNG));
    const prompt = userPrompt(file(url('/cat.png')), file('aGk=', 'text/plain'), file(new Uint8Array([1])));
    const fetchSpy = vi.fn(globalThis.fetch);
    const result = await downloadAttachments(
      prompt,
      options({ supportedUrls: { 'image/*': [/^http:\/\/127\.0\.0\.1/] }, fetch: fetchSpy }),
    );
    expect(result).toBe(prompt);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(hits.size).toBe(0);
  });

  it("matches the part's media type against the pattern key before the URL regexes", async () => {
    routes.set('/doc.pdf', (_req, res) => serveBytes(res, PNG, 'application/pdf'));
    routes.set('/cat.png', (_req, res) => serveBytes(res, PNG));
    const prompt = userPrompt(file(url('/doc.pdf'), 'application/pdf'), file(url('/cat.png')));
    const result = await downloadAttachments(prompt, options({ supportedUrls: { 'image/*': [/.*/] } }));
    expect(filePart(result, 1, 1).data).toBeInstanceOf(Uint8Array);
    expect(filePart(result, 1, 2).data).toBeInstanceOf(URL);
    expect(hits.get('/doc.pdf')).toBe(1);
    expect(hits.has('/cat.png')).toBe(false);
  });

  it("a '*' key covers every media type", async () => {
    const prompt = userPrompt(file(url('/doc.pdf'), 'application/pdf'));
    const result = await downloadAttachments(prompt, options({ supportedUrls: { '*': [/127\.0\.0\.1/] } }));
    expect(result).toBe(prompt);
  });

  it('leaves URLs in skipUrls in place without fetching them', async () => {
    const prompt = userPrompt(file(url('/gone.png')));
    const result = await downloadAttachments(prompt, options({ skipUrls: new Set([url('/gone.png').href]) }));
    expect(result).toBe(prompt);
    expect(hits.size).toBe(0);
  });

  it('never mutates the input prompt and shares every untouched message and part', async () => {
    routes.set('/cat.png', (_req, res) => serveBytes(res, PNG));
    const kept = file(url('/kept.png'));
    const prompt: LanguageModelV2Prompt = [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: [{ type: 'text', text: 'earlier' }] },
      { role: 'user', content: [{ type: 'text', text: 'look' }, file(url('/cat.png')), kept] },
    ];
    const snapshot = JSON.stringify(prompt); // URLs serialise as their href
    const result = await downloadAttachments(prompt, options({ skipUrls: new Set([url('/kept.png').href]) }));
    expect(JSON.stringify(prompt)).toBe(snapshot);
    expect(filePart(prompt, 2, 1).data).toBeInstanceOf(URL);
    expect(result).not.toBe(prompt);
    expect(result[0]).toBe(prompt[0]);
    expect(result[1]).toBe(prompt[1]);
    expect(result[2]).not.toBe(prompt[2]);
    const message = result[2];
    if (message.role !== 'user') throw new Error('expected user');
    expect(message.content[0]).toBe((prompt[2].content as unknown[])[0]);
    expect(message.content[2]).toBe(kept);
  });
});

describe('downloadAttachments: failures throw DownloadAssetsError', () => {
  it('404 fails at once with url, name and status in details', async () => {
    const target = url('/missing/report%20final.pdf');
    const error = await failure(downloadAttachments(userPrompt(file(target, 'application/pdf')), options()));
    expect(error.id).toBe('DOWNLOAD_ASSETS_FAILED');
    expect(error.details).toEqual({ url: target.href, name: 'report final.pdf', status: 404 });
    expect(hits.get('/missing/report%20final.pdf')).toBe(1);
  });

  it('uses the part file name as the error name', async () => {
    const error = await failure(
      downloadAttachments(userPrompt(file(url('/x'), 'image/png', 'me.png')), options()),
    );
    expect(error.details.name).toBe('me.png');
  });

  it('retries 5xx: 500 twice then 200 succeeds on the third request', async () => {
    routes.set('/flaky.png', (_req, res, hit) =>
      hit <= 2 ? res.writeHead(500).end('oops') : serveBytes(res, PNG),
    );
    const result = await downloadAttachments(userPrompt(file(url('/flaky.png'))), options());
    expect(filePart(result, 1, 1).data).toBeInstanceOf(Uint8Array);
    expect(hits.get('/flaky.png')).toBe(3);
  });

  it('retries 429', async () => {
    routes.set('/busy.png', (_req, res, hit) =>
      hit === 1 ? res.writeHead(429).end() : serveBytes(res, PNG),
    );
    await downloadAttachments(userPrompt(file(url('/busy.png'))), options());
    expect(hits.get('/busy.png')).toBe(2);
  });

  it('a persistent 500 fails after exactly 1 + maxRetries requests', async () => {
    routes.set('/down.png', (_req, res) => res.writeHead(500).end());
    const error = await failure(
      downloadAttachments(userPrompt(file(url('/down.png'))), options({ maxRetries: 2 })),
    );
    expect(error.details.status).toBe(500);
    expect(hits.get('/down.png')).toBe(3);
  });

  it('defaults to 3 retries', async () => {
    routes.set('/down.png', (_req, res) => res.writeHead(503).end());
    await failure(downloadAttachments(userPrompt(file(url('/down.png'))), options()));
    expect(hits.get('/down.png')).toBe(4);
  });

  it('a destroyed socket is retried, then fails with the network error as cause', async () => {
    routes.set('/reset.png', (req) => req.socket.destroy());
    const error = await failure(
      downloadAttachments(userPrompt(file(url('/reset.png'))), options({ maxRetries: 1 })),
    );
    expect(hits.get('/reset.png')).toBe(2);
    expect(error.details.status).toBeUndefined();
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('a socket destroyed mid-body is retried like any network error', async () => {
    routes.set('/cut.png', (_req, res, hit) => {
      if (hit > 1) return serveBytes(res, PNG);
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': 1000 });
      res.write(Buffer.from([1, 2, 3]), () => res.destroy());
    });
    const result = await downloadAttachments(userPrompt(file(url('/cut.png'))), options());
    expect([...(filePart(result, 1, 1).data as Uint8Array)]).toEqual([...PNG]);
    expect(hits.get('/cut.png')).toBe(2);
  });

  it('a scheme other than http(s) the model does not accept fails without fetching', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const target = new URL('ftp://files.example.com/docs/spec.pdf');
    const error = await failure(
      downloadAttachments(userPrompt(file(target, 'application/pdf')), options({ fetch: fetchSpy })),
    );
    expect(error.details).toEqual({ url: target.href, name: 'spec.pdf' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a supported non-http(s) scheme is passed through untouched', async () => {
    const prompt = userPrompt(file(new URL('gs://bucket/a.pdf'), 'application/pdf'));
    expect(await downloadAttachments(prompt, options({ supportedUrls: { '*': [/^gs:\/\//] } }))).toBe(prompt);
  });

  it('when several fail, throws for the first failed part in prompt order', async () => {
    // The first part fails later than the second; the error must still name the first.
    routes.set('/slow-missing.png', (_req, res) => setTimeout(() => res.writeHead(404).end(), 50));
    const first = url('/slow-missing.png');
    const error = await failure(
      downloadAttachments(userPrompt(file(first), file(url('/fast-missing.png'))), options()),
    );
    expect(error.details.url).toBe(first.href);
  });
});

describe('downloadAttachments: deduplication and concurrency', () => {
  it('downloads a URL used by several parts once', async () => {
    routes.set('/cat.png', (_req, res) => serveBytes(res, PNG));
    const prompt: LanguageModelV2Prompt = [
      { role: 'user', content: [file(url('/cat.png')), file(url('/cat.png'), 'image/*')] },
      { role: 'assistant', content: [file(url('/cat.png'))] },
    ];
    const result = await downloadAttachments(prompt, options());
    expect(hits.get('/cat.png')).toBe(1);
    expect(filePart(result, 0, 0).data).toBeInstanceOf(Uint8Array);
    expect(filePart(result, 0, 1)).toMatchObject({ mediaType: 'image/png' });
    expect(filePart(result, 1, 0).data).toBeInstanceOf(Uint8Array);
  });

  it('keeps at most `concurrency` downloads in flight', async () => {
    const paths = Array.from({ length: 6 }, (_, i) => `/slow-${i}.png`);
    for (const path of paths) routes.set(path, (_req, res) => setTimeout(() => serveBytes(res, PNG), 30));
    const result = await downloadAttachments(
      userPrompt(...paths.map((path) => file(url(path)))),
      options({ concurrency: 2 }),
    );
    expect(maxInFlight).toBe(2);
    for (const path of paths) expect(hits.get(path)).toBe(1);
    expect(filePart(result, 1, 6).data).toBeInstanceOf(Uint8Array);
  });

  it('defaults to 10 concurrent downloads', async () => {
    const paths = Array.from({ length: 12 }, (_, i) => `/slow-${i}.png`);
    for (const path of paths) routes.set(path, (_req, res) => setTimeout(() => serveBytes(res, PNG), 40));
    await downloadAttachments(userPrompt(...paths.map((path) => file(url(path)))), options());
    expect(maxInFlight).toBe(10);
  });
});

describe('downloadAttachments: abort', () => {
  it('rejects with the abort reason when aborted mid-download', async () => {
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    routes.set('/hang.png', () => controller.abort(reason)); // never answers
    const outcome = await downloadAttachments(
      userPrompt(file(url('/hang.png'))),
      options({ abortSignal: controller.signal }),
    ).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    expect(outcome).toBe(reason);
    expect(hits.get('/hang.png')).toBe(1);
  });

  it('rejects with the abort reason when aborted during a retry backoff', async () => {
    const controller = new AbortController();
    const reason = new Error('stop waiting');
    routes.set('/down.png', (_req, res) => {
      res.writeHead(500).end();
      setTimeout(() => controller.abort(reason), 20);
    });
    const started = Date.now();
    const outcome = await downloadAttachments(
      userPrompt(file(url('/down.png'))),
      options({ abortSignal: controller.signal, backoffMs: 10_000 }),
    ).catch((e: unknown) => e);
    expect(outcome).toBe(reason);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(hits.get('/down.png')).toBe(1);
  });

  it('rejects at once with the reason when the signal is already aborted', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const reason = new Error('too late');
    const outcome = await downloadAttachments(
      userPrompt(file(url('/cat.png'))),
      options({ abortSignal: AbortSignal.abort(reason), fetch: fetchSpy }),
    ).catch((e: unknown) => e);
    expect(outcome).toBe(reason);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects promptly even when a custom fetch ignores the signal', async () => {
    const controller = new AbortController();
    const reason = new Error('cancel');
    const neverFetch = vi.fn(() => {
      setTimeout(() => controller.abort(reason), 5);
      return new Promise<Response>(() => {});
    });
    const outcome = await downloadAttachments(
      userPrompt(file(url('/cat.png'))),
      options({ abortSignal: controller.signal, fetch: neverFetch }),
    ).catch((e: unknown) => e);
    expect(outcome).toBe(reason);
  });
});

describe('attachmentName: file name, else last URL path segment, else media type', () => {
  it('prefers the part file name', () => {
    expect(
      attachmentName({ filename: 'report.pdf', mediaType: 'application/pdf' }, 'https://x.test/a/b.pdf'),
    ).toBe('report.pdf');
  });

  it("falls back to the URL's last non-empty path segment, decoded", () => {
    expect(attachmentName({ mediaType: 'image/png' }, 'https://x.test/photos/my%20cat.png?sig=abc')).toBe(
      'my cat.png',
    );
    expect(attachmentName({ mediaType: 'image/png' }, 'https://x.test/photos/album/')).toBe('album');
    expect(attachmentName({ filename: '' }, new URL('https://x.test/a/b.txt'))).toBe('b.txt');
  });

  it('keeps a segment with a malformed escape as it is', () => {
    expect(attachmentName({}, 'https://x.test/bad%E0%A4%A.png')).toBe('bad%E0%A4%A.png');
  });

  it('falls back to the media type when the URL has no path segment (or no URL is given)', () => {
    expect(attachmentName({ mediaType: 'image/png' }, 'https://x.test/')).toBe('image/png');
    expect(attachmentName({ mediaType: 'application/pdf' })).toBe('application/pdf');
    expect(attachmentName({ mediaType: 'image/png' }, 'data:image/png;base64,AAAA')).toBe('image/png');
    expect(attachmentName({ mediaType: 'image/png' }, 'not a url')).toBe('image/png');
  });

  it("is 'attachment' when nothing names it", () => {
    expect(attachmentName({}, 'https://x.test')).toBe('attachment');
    expect(attachmentName({ mediaType: '' })).toBe('attachment');
  });
});

describe('attachmentPlaceholder', () => {
  it('renders the documented placeholder text', () => {
    expect(attachmentPlaceholder('cat.png')).toBe('[Attachment unavailable: cat.png]');
  });
});
