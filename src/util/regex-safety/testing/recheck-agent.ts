/**
 * A client of recheck's native `recheck agent` process that Sluice owns. recheck's own `check()`
 * keeps one agent for the life of the process and never notices it dying: if the kernel kills it
 * (out of memory) every pending analysis waits forever and the test run hangs. Owning the process
 * lets {@link recheckAll} start a fresh agent per batch (its heap never accumulates over a
 * thousand analyses) and fail every pending analysis at once, loudly, when the agent exits.
 * Test-only.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Diagnostics, Parameters } from 'recheck';

const PLATFORMS: Partial<Record<NodeJS.Platform, string>> = {
  linux: 'linux',
  darwin: 'macos',
  win32: 'windows',
};
const ARCHES: Partial<Record<string, string>> = { x64: 'x64', arm64: 'arm64' };

/**
 * The native agent binary recheck itself would use (`RECHECK_BIN`, else the platform package it
 * depends on), or `null` when there is none (recheck then falls back to its JS worker).
 */
export function nativeRecheckBinary(): string | null {
  const fromEnv = process.env.RECHECK_BIN;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const os = PLATFORMS[process.platform];
  const arch = ARCHES[process.arch];
  if (os === undefined || arch === undefined) return null;
  // Resolved from recheck's own folder: the platform package is recheck's dependency, not ours.
  const fromRecheck = createRequire(createRequire(import.meta.url).resolve('recheck/package.json'));
  try {
    const manifest = fromRecheck.resolve(`recheck-${os}-${arch}/package.json`);
    const binary = join(dirname(manifest), os === 'windows' ? 'recheck.exe' : 'recheck');
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Thrown for every pending analysis when the agent process exits or cannot start. */
export class RecheckAgentExitedError extends Error {
  readonly code = 'RECHECK_AGENT_EXITED';
  constructor(detail: string, pending: number) {
    super(
      `recheck agent ${detail} with ${pending} analyses pending. If it was killed for memory (dmesg shows "Out of memory: Killed process (recheck)"), run fewer analyses at once (REGEX_RECHECK_LANES) or in smaller batches (REGEX_RECHECK_BATCH).`,
    );
    this.name = 'RecheckAgentExitedError';
  }
}

interface Pending {
  resolve(diagnostics: Diagnostics): void;
  reject(error: Error): void;
}

/** One `recheck agent` process speaking its line-delimited JSON-RPC over stdio. */
export class RecheckAgent {
  readonly #child: ChildProcessByStdio<Writable, Readable, null>;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #buffered = '';
  #exited: RecheckAgentExitedError | null = null;
  #closing = false;

  constructor(binary: string) {
    this.#child = spawn(binary, ['agent'], { stdio: ['pipe', 'pipe', 'inherit'], windowsHide: true });
    this.#child.stdout.setEncoding('utf8');
    this.#child.stdout.on('data', (text: string) => this.#read(text));
    this.#child.on('error', (error) => this.#fail(`could not run (${error.message})`));
    this.#child.on('close', (code, signal) => {
      if (!this.#closing || this.#pending.size > 0) {
        this.#fail(`exited (${signal !== null ? `signal ${signal}` : `code ${code}`})`);
      }
    });
    // A write after the process died surfaces as EPIPE here; `close` reports it.
    this.#child.stdin.on('error', () => {});
  }

  /** Analyses one pattern. Rejects with {@link RecheckAgentExitedError} if the agent dies first. */
  check(source: string, flags: string, params: Parameters): Promise<Diagnostics> {
    if (this.#exited !== null) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise<Diagnostics>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0+push', id, method: 'check', params: { source, flags, params } })}\n`,
      );
    });
  }

  /** Ends the agent once its answers are in (call after every `check` has settled). */
  close(): void {
    this.#closing = true;
    this.#child.stdin.end();
    this.#child.kill();
  }

  #read(text: string): void {
    const lines = (this.#buffered + text).split('\n');
    this.#buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') continue;
      const message = JSON.parse(line) as { id?: number; result?: Diagnostics; error?: { message?: string } };
      const pending = message.id === undefined ? undefined : this.#pending.get(message.id);
      if (pending === undefined || message.id === undefined) continue; // a log push or a stray line
      if (message.result !== undefined) {
        this.#pending.delete(message.id);
        pending.resolve(message.result);
      } else if (message.error !== undefined) {
        this.#pending.delete(message.id);
        pending.reject(new Error(`recheck agent: ${message.error.message ?? 'unknown error'}`));
      }
    }
  }

  #fail(detail: string): void {
    if (this.#exited !== null) return;
    this.#exited = new RecheckAgentExitedError(detail, this.#pending.size);
    for (const pending of this.#pending.values()) pending.reject(this.#exited);
    this.#pending.clear();
  }
}
