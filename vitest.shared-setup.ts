/**
 * Setup file of the `shared` Vitest project (`vitest.config.ts`): its test files run one after
 * another in the same worker and module graph, so a file that leaves process-wide state changed
 * would change what the next file sees. This file snapshots that state before each file and fails
 * the file (naming what it left behind) if the state differs afterwards, then puts it back so one
 * leak cannot cascade. A file that cannot restore what it changes belongs in the `isolated`
 * project instead.
 */
import { afterAll, beforeAll, vi } from 'vitest';

/** Thrown (as the file's error) when a shared test file leaves process-wide state changed. */
class SharedTestStateLeakError extends Error {
  readonly code = 'TEST_SHARED_STATE_LEAK';
  constructor(readonly leaks: readonly string[]) {
    super(
      `This test file runs in the shared Vitest project (no isolation) but left process-wide state ` +
        `changed: ${leaks.join('; ')}. Restore it in afterEach/afterAll (vi.useRealTimers(), ` +
        `vi.unstubAllEnvs(), vi.unstubAllGlobals(), process.off(...)), or list the file in ISOLATED ` +
        `in vitest.config.ts.`,
    );
    this.name = 'SharedTestStateLeakError';
  }
}

/** Process events whose listeners a test may add to watch for stray failures. */
const EVENTS = [
  'unhandledRejection',
  'uncaughtException',
  'warning',
  'exit',
  'beforeExit',
  'SIGINT',
  'SIGTERM',
];

/** Globals a test may stub or spy on. */
const GLOBALS = [
  'fetch',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'queueMicrotask',
  'Date',
  'performance',
  'crypto',
  'Request',
  'Response',
  'Headers',
] as const;

let env: Record<string, string | undefined> = {};
const listeners = new Map<string, readonly ((...args: unknown[]) => void)[]>();
const globals = new Map<string, unknown>();
let exitCode: typeof process.exitCode;

beforeAll(() => {
  env = { ...process.env };
  for (const event of EVENTS) listeners.set(event, process.listeners(event as 'warning') as never);
  const g = globalThis as Record<string, unknown>;
  for (const name of GLOBALS) globals.set(name, g[name]);
  exitCode = process.exitCode;
});

afterAll(() => {
  const leaks: string[] = [];

  if (vi.isFakeTimers()) {
    leaks.push('fake timers are still installed');
    vi.useRealTimers();
  }

  const changed = new Set([...Object.keys(env), ...Object.keys(process.env)]);
  for (const name of changed) {
    if (process.env[name] === env[name]) continue;
    leaks.push(`process.env.${name} changed`);
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }

  for (const event of EVENTS) {
    const before = listeners.get(event) ?? [];
    const added = process.listeners(event as 'warning').filter((l) => !before.includes(l as never));
    if (added.length === 0) continue;
    leaks.push(`${added.length} '${event}' listener(s) still attached to process`);
    for (const l of added) process.off(event as 'warning', l);
  }

  const g = globalThis as Record<string, unknown>;
  for (const [name, value] of globals) {
    if (g[name] === value) continue;
    leaks.push(`globalThis.${name} replaced`);
    g[name] = value;
  }

  if (process.exitCode !== exitCode) {
    leaks.push(`process.exitCode set to ${String(process.exitCode)}`);
    process.exitCode = exitCode;
  }

  if (leaks.length > 0) throw new SharedTestStateLeakError(leaks);
});
