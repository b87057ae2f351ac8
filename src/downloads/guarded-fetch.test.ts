/**
 * The guarded fetch connects to exactly what the policy checked. A URL-like object (accepted
 * for URLs from another realm) is re-parsed from its `href` first: its other fields never reach
 * the socket, so an extra `socketPath` (or a `hostname` that disagrees with `href`) cannot steer
 * the connection past the address check.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUnderPolicy } from './guarded-fetch.js';
import { DownloadRefusal, resolveDownloadPolicy } from './policy.js';

let dir: string;
let socketPath: string;
let socketServer: Server;
let socketHits = 0;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sluice-guarded-'));
  socketPath = join(dir, 'private.sock');
  socketServer = createServer((_req, res) => {
    socketHits++;
    res.end('SECRET');
  });
  await new Promise<void>((resolve) => socketServer.listen(socketPath, resolve));
});
afterAll(async () => {
  socketServer.closeAllConnections();
  await new Promise<void>((resolve) => socketServer.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('fetchUnderPolicy connects only where the check looked', () => {
  it('a URL-like object with an extra socketPath is fetched by its href, never through the socket', async () => {
    const lookups: string[] = [];
    const policy = resolveDownloadPolicy(
      undefined,
      {
        // "public.example" looks public; the loopback answer for "blocked.example" must be refused.
        lookup: async (host) => {
          lookups.push(host);
          return [{ address: host === 'public.example' ? '93.184.216.34' : '127.0.0.1', family: 4 }];
        },
      },
      'test',
    );
    const urlLike = {
      href: 'http://blocked.example/file.txt',
      protocol: 'http:',
      hostname: 'public.example',
      port: '',
      pathname: '/file.txt',
      search: '',
      hash: '',
      username: '',
      password: '',
      socketPath,
    } as unknown as URL;
    const error = await fetchUnderPolicy(urlLike, policy, new AbortController().signal).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(socketHits).toBe(0);
    expect(error).toBeInstanceOf(DownloadRefusal);
    expect((error as DownloadRefusal).reason).toBe('blocked-address');
    expect(lookups).toEqual(['blocked.example']);
  });
});
