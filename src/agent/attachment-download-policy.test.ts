/**
 * The attachment download policy: user-supplied file URLs must not reach loopback, private or
 * link-local addresses (checked after DNS resolution and on every redirect, with the connection
 * pinned to the checked address), and a download is bounded in size, time and redirects. A
 * refused download takes the unavailable-attachment path. Everything runs offline against a
 * local server; an injected `lookup` maps public-looking names to it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AttachmentDownloadPolicy,
  type HostLookup,
  nonPublicRange,
  resolveDownloadPolicy,
} from '../downloads/policy.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import { DownloadAssetsError } from '../errors/download-assets-error.js';
import { UnsupportedFileHandler } from '../processors/unsupported-file-handler/index.js';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';
import { downloadAttachments } from './download-attachments.js';

let server: Server;
let port: number;
let routes: Map<string, (req: IncomingMessage, res: ServerResponse) => void>;
let hits: string[];

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const route = routes.get(path);
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  routes = new Map([
    ['/cat.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end('PNGDATA')],
  ]);
  hits = [];
});

/** A resolver that answers from a fixed table, counting lookups (no real DNS in tests). */
function table(entries: Record<string, string[]>): HostLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (host: string) => {
    calls.push(host);
    const addresses = entries[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

function prompt(url: string): LanguageModelV2Prompt {
  return [
    {
      role: 'user',
      content: [{ type: 'file', data: new URL(url), mediaType: 'image/png', filename: 'cat.png' }],
    },
  ];
}

async function download(url: string, policy: AttachmentDownloadPolicy = {}) {
  return downloadAttachments(prompt(url), {
    supportedUrls: {},
    backoffMs: 1,
    policy: resolveDownloadPolicy(undefined, policy, 'test'),
  });
}

async function refusal(url: string, policy: AttachmentDownloadPolicy = {}): Promise<DownloadAssetsError> {
  const error = await download(url, policy).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DownloadAssetsError);
  return error as DownloadAssetsError;
}

function bytesOf(result: LanguageModelV2Prompt): string {
  const part = (result[0] as { content: Array<{ data: unknown }> }).content[0];
  return Buffer.from(part?.data as Uint8Array).toString();
}

describe('default policy: only public addresses', () => {
  it('refuses a loopback URL without connecting to it', async () => {
    const error = await refusal(`http://127.0.0.1:${port}/cat.png`);
    expect(error.details.reason).toBe('blocked-address');
    expect(error.message).toContain('loopback');
    expect(error.message).toContain('allowHosts');
    expect(hits).toEqual([]);
  });

  it.each([
    'http://10.1.2.3/x',
    'http://172.16.0.1/x',
    'http://192.168.1.1/x',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/x',
    'http://0.0.0.0/x',
    'http://2130706433/x', // 127.0.0.1 as one number
    'http://[::1]/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://[::ffff:a9fe:a9fe]/x', // 169.254.169.254, IPv4-mapped
    'http://[fd00::1]/x',
    'http://[fe80::1]/x',
    'http://[::]/x',
  ])('refuses %s', async (url) => {
    const error = await refusal(url, { timeoutMs: 2_000 });
    expect(error.details.reason).toBe('blocked-address');
  });

  it('refuses a public-looking name that resolves to a private address (checked after DNS)', async () => {
    const lookup = table({ 'files.example.com': ['127.0.0.1'] });
    const error = await refusal(`http://files.example.com:${port}/cat.png`, { lookup });
    expect(error.details.reason).toBe('blocked-address');
    expect(error.message).toContain('"files.example.com" resolves to 127.0.0.1');
    expect(hits).toEqual([]);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const lookup = table({ 'mixed.example.com': ['93.184.216.34', '10.0.0.7'] });
    const error = await refusal(`http://mixed.example.com:${port}/cat.png`, { lookup });
    expect(error.details.reason).toBe('blocked-address');
  });

  it('connects to the address it checked: the name is resolved once per hop, never again by the socket', async () => {
    // The name is unknown to real DNS: if the connection resolved it again, the download would fail.
    const lookup = table({ 'cdn.example.test': ['127.0.0.1'] });
    const result = await download(`http://cdn.example.test:${port}/cat.png`, {
      lookup,
      allowHosts: ['cdn.example.test'],
    });
    expect(bytesOf(result)).toBe('PNGDATA');
    expect(lookup.calls).toEqual(['cdn.example.test']);
  });

  it('allowPrivateNetworks and allowHosts (names, *.patterns, IP literals) opt in', async () => {
    expect(bytesOf(await download(`http://127.0.0.1:${port}/cat.png`, { allowPrivateNetworks: true }))).toBe(
      'PNGDATA',
    );
    expect(bytesOf(await download(`http://127.0.0.1:${port}/cat.png`, { allowHosts: ['127.0.0.1'] }))).toBe(
      'PNGDATA',
    );
    const lookup = table({ 'a.files.internal': ['127.0.0.1'] });
    const viaPattern = await download(`http://a.files.internal:${port}/cat.png`, {
      lookup,
      allowHosts: ['*.files.internal'],
    });
    expect(bytesOf(viaPattern)).toBe('PNGDATA');
  });
});

describe('redirects', () => {
  it('a redirect from an allowed host to a private one is refused (each hop is checked)', async () => {
    routes.set('/hop', (_req, res) =>
      res.writeHead(302, { location: `http://127.0.0.1:${port}/cat.png` }).end(),
    );
    const lookup = table({ 'allowed.test': ['127.0.0.1'] });
    const error = await refusal(`http://allowed.test:${port}/hop`, { lookup, allowHosts: ['allowed.test'] });
    expect(error.details.reason).toBe('blocked-address');
    expect(hits).toEqual(['/hop']);
  });

  it('follows up to maxRedirects, then refuses', async () => {
    for (let i = 0; i < 5; i++) {
      routes.set(`/r${i}`, (_req, res) => res.writeHead(301, { location: `/r${i + 1}` }).end());
    }
    routes.set('/r5', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end('END'));
    const local = { allowPrivateNetworks: true };
    expect(bytesOf(await download(`http://127.0.0.1:${port}/r0`, { ...local, maxRedirects: 5 }))).toBe('END');
    const error = await refusal(`http://127.0.0.1:${port}/r0`, local);
    expect(error.details.reason).toBe('too-many-redirects');
    expect(hits.filter((h) => h === '/r5')).toHaveLength(1); // only the first download got there
  });

  it('a redirect to a non-http(s) scheme is refused', async () => {
    routes.set('/file', (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    const error = await refusal(`http://127.0.0.1:${port}/file`, { allowPrivateNetworks: true });
    expect(error.details.reason).toBe('bad-redirect');
  });
});

describe('size and time limits', () => {
  it('a body larger than maxBytes is aborted while streaming (no Content-Length)', async () => {
    let written = 0;
    let closed = false;
    routes.set('/big', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.on('close', () => {
        closed = true;
      });
      const chunk = Buffer.alloc(16 * 1024, 1);
      const pump = () => {
        while (!closed && written < 64 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!closed) res.end();
      };
      pump();
    });
    const error = await refusal(`http://127.0.0.1:${port}/big`, {
      allowPrivateNetworks: true,
      maxBytes: 100_000,
    });
    expect(error.details.reason).toBe('too-large');
    expect(error.message).toContain('100000 bytes');
    await vi.waitFor(() => expect(closed).toBe(true));
    expect(written).toBeLessThan(64 * 1024 * 1024);
  });

  it('a declared Content-Length over maxBytes is refused before the body is read', async () => {
    routes.set('/declared', (_req, res) => {
      res.writeHead(200, { 'content-length': 5_000_000 });
      res.write(Buffer.alloc(10));
    });
    const error = await refusal(`http://127.0.0.1:${port}/declared`, {
      allowPrivateNetworks: true,
      maxBytes: 1_000,
    });
    expect(error.details.reason).toBe('too-large');
  });

  it('a server that never answers is given up after timeoutMs', async () => {
    routes.set('/hang', () => {});
    const started = Date.now();
    const error = await refusal(`http://127.0.0.1:${port}/hang`, {
      allowPrivateNetworks: true,
      timeoutMs: 150,
    });
    expect(error.details.reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('through the agent', () => {
  const userTurn = (url: string) => [
    {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'Describe it.' },
        { type: 'file' as const, data: url, mediaType: 'image/png', filename: 'cat.png' },
      ],
    },
  ];

  it('by default a loopback attachment is never fetched: the model gets [Attachment unavailable: <name>]', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    await agent.generate(userTurn(`http://127.0.0.1:${port}/cat.png`));
    expect(hits).toEqual([]);
    expect(JSON.stringify(model.calls[0]?.prompt)).toContain('[Attachment unavailable: cat.png]');
    vi.restoreAllMocks();
  });

  it('the error processors see the refusal with its reason', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen: unknown[] = [];
    const model = new ScriptedModel({ steps: ['ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      errorProcessors: [{ id: 'spy', processAPIError: ({ error }) => void seen.push(error) }],
    });
    await agent.generate(userTurn('http://169.254.169.254/latest/meta-data/iam'));
    expect((seen[0] as DownloadAssetsError).details).toMatchObject({ reason: 'blocked-address' });
    vi.restoreAllMocks();
  });

  it('the agent option opts in, and a call can override it', async () => {
    const model = new ScriptedModel({ steps: ['ok', 'ok'] });
    const agent = new Agent({
      id: 'a',
      instructions: 'x',
      model,
      attachmentDownloads: { allowPrivateNetworks: true },
    });
    await agent.generate(userTurn(`http://127.0.0.1:${port}/cat.png`));
    expect(JSON.stringify(model.calls[0]?.prompt)).not.toContain('Attachment unavailable');
    expect(hits).toEqual(['/cat.png']);

    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await agent.generate(userTurn(`http://127.0.0.1:${port}/cat.png?again`), {
      attachmentDownloads: { allowPrivateNetworks: false },
    });
    expect(hits).toEqual(['/cat.png']);
    expect(JSON.stringify(model.calls[1]?.prompt)).toContain('[Attachment unavailable: cat.png]');
    vi.restoreAllMocks();
  });

  it('a malformed policy fails at construction / call start with a ConfigurationError naming the field', async () => {
    const model = new ScriptedModel({ steps: ['ok'] });
    expect(
      () => new Agent({ id: 'a', instructions: 'x', model, attachmentDownloads: { maxBytes: -1 } }),
    ).toThrow(/Agent "a": "attachmentDownloads.maxBytes" must be a positive whole number/);
    const agent = new Agent({ id: 'a', instructions: 'x', model });
    const error = await agent
      .generate('hi', { attachmentDownloads: { allowHosts: 'example.com' as never } })
      .catch((e: unknown) => e);
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('attachmentDownloads.allowHosts');
    expect(() => new UnsupportedFileHandler({ attachmentDownloads: { timeoutMs: 0 } })).toThrow(
      /UnsupportedFileHandler: "attachmentDownloads.timeoutMs"/,
    );
  });
});

describe('address ranges', () => {
  it.each([
    ['8.8.8.8', undefined],
    ['93.184.216.34', undefined],
    ['100.63.255.255', undefined],
    ['100.128.0.0', undefined],
    ['172.32.0.1', undefined],
    ['2606:4700::1111', undefined],
    ['::ffff:8.8.8.8', undefined],
    ['127.255.0.1', 'loopback'],
    ['10.255.255.255', 'private'],
    ['172.31.0.1', 'private'],
    ['100.127.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 link-local'],
    ['2002:7f00:1::', '6to4 loopback'],
    ['fc00::1', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::1', 'loopback'],
  ])('%s → %s', (address, expected) => {
    const range = nonPublicRange(address);
    if (expected === undefined) expect(range).toBeUndefined();
    else expect(range).toContain(expected);
  });
});
