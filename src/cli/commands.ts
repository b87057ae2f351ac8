/** The `sluice` command table: name → command. Add a command here (and nowhere else). */
import type { CliCommand } from './command.js';
import { diffCommand } from './diff/command.js';
import { inspectCommand } from './inspect/command.js';

/** Every subcommand of `sluice`, in the order `--help` lists them. */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  inspect: inspectCommand,
  diff: diffCommand,
};
