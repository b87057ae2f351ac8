/**
 * What a `sluice` subcommand is. Each command lives in its own folder and is listed once in the
 * command table (./commands.ts); adding one is a new file and a new line there.
 */
import { parseArgs } from 'node:util';

/** Where a command writes and what it may wait on; the bin wires these to the process, tests to buffers. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** The folder relative paths are resolved against. */
  cwd: string;
  /** Settles when the user asks a long-running command (a server) to stop: Ctrl-C, SIGTERM. */
  stopped: Promise<void>;
}

/** One subcommand. `run` returns the exit code: 0 success, 1 a negative answer (`diff`: differ), 2 bad usage or input. */
export interface CliCommand {
  /** One line for `sluice --help`. */
  summary: string;
  /** The command's own help: synopsis, arguments and options. */
  help: string;
  run(args: string[], io: CliIo): Promise<number>;
}

/** Exit code for bad usage or unusable input. */
export const EXIT_USAGE = 2;

/** Thrown by a command for wrong arguments; the message says what was wrong, `help` follows it. */
export class CliUsageError extends Error {
  readonly code = 'CLI_USAGE' as const;
  constructor(message: string) {
    super(message);
    this.name = 'CliUsageError';
  }
}

/**
 * `parseArgs` in strict mode for options that each take a value (`--port 8080`) and `flags` that
 * take none (`--json`), with its errors (unknown option, missing value) turned into
 * {@link CliUsageError}s. A flag given is `true` in `flags`; one not given is absent.
 */
export function parseCommandArgs<K extends string, F extends string = never>(
  args: string[],
  options: readonly K[],
  flags: readonly F[] = [],
): { values: Partial<Record<K, string>>; flags: Partial<Record<F, true>>; positionals: string[] } {
  const config: Record<string, { type: 'string' } | { type: 'boolean' }> = {};
  for (const name of options) config[name] = { type: 'string' };
  for (const name of flags) config[name] = { type: 'boolean' };
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: config, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliUsageError((error as Error).message);
  }
  const values: Partial<Record<K, string>> = {};
  const given: Partial<Record<F, true>> = {};
  for (const name of options) {
    const value = parsed.values[name];
    if (typeof value === 'string') values[name] = value;
  }
  for (const name of flags) if (parsed.values[name] === true) given[name] = true;
  return { values, flags: given, positionals: parsed.positionals };
}
