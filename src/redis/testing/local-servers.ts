/**
 * Test support: throwaway `redis-server` processes on free local ports — a standalone server (to
 * count the commands an operation runs without other clients' noise) or a three-node Redis
 * Cluster (`--cluster-enabled yes` + `redis-cli --cluster create`). Without the Debian
 * `redis-server` package the suites using it skip loudly, except under `CI`, where that fails.
 * Imported by test files and benches only.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';

const run = promisify(execFile);

/** Is `redis-server` (and `redis-cli`) on the PATH? Warns (or, under CI, throws) naming `suite` when not. */
export function redisServerBinaryOrSkip(suite: string): boolean {
  const found = ['redis-server', 'redis-cli'].every(
    (bin) => spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0,
  );
  if (found) return true;
  if (process.env.CI) throw new Error(`${suite} needs redis-server and redis-cli on the PATH under CI.`);
  console.warn(
    `\n⚠️  redis-server / redis-cli not found: SKIPPING the ${suite} suite. Install Debian's redis-server package to run it.\n`,
  );
  return false;
}

/** A free port whose cluster bus port (+10000) is free too. */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as { port: number };
        server.close(() => resolve(p));
      });
    });
    if (port + 10_000 > 65_535) continue;
    const busFree = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port + 10_000, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (busFree) return port;
  }
  throw new Error('no free port pair for redis-server');
}

/** Running servers; `stop()` kills exactly the processes started here and removes their files. */
export interface LocalRedis {
  ports: number[];
  stop(): Promise<void>;
}

async function startServers(count: number, cluster: boolean): Promise<LocalRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-redis-'));
  const children: ChildProcess[] = [];
  const ports: number[] = [];
  const stop = async () => {
    for (const child of children) {
      if (child.exitCode === null && child.pid !== undefined) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      args.push('--dir', dir, '--dbfilename', `dump-${port}.rdb`);
      if (cluster)
        args.push('--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`));
      const child = spawn('redis-server', args, { stdio: 'ignore' });
      children.push(child);
      ports.push(port);
    }
    for (const port of ports) await waitFor(() => ping(port), `redis-server on ${port}`);
    if (cluster) {
      await run('redis-cli', [
        '--cluster',
        'create',
        ...ports.map((p) => `127.0.0.1:${p}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ]);
      for (const port of ports) {
        await waitFor(async () => {
          const { stdout } = await run('redis-cli', ['-p', String(port), 'cluster', 'info']);
          return stdout.includes('cluster_state:ok');
        }, `cluster state ok on ${port}`);
      }
    }
    return { ports, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One standalone `redis-server` on a free port. */
export function startLocalRedis(): Promise<LocalRedis> {
  return startServers(1, false);
}

/** A three-master Redis Cluster on free ports. */
export function startLocalCluster(): Promise<LocalRedis> {
  return startServers(3, true);
}

async function ping(port: number): Promise<boolean> {
  const client = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
