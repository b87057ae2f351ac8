/** `sluice diff a.json b.json`: the first hook where two run records diverge. */
import { resolve } from 'node:path';
import { type CliCommand, CliUsageError, parseCommandArgs } from '../command.js';
import { readRecordFile } from '../record-file.js';
import { formatDivergence } from './format.js';
import { diffRunRecords } from './run-diff.js';

const HELP = `Usage: sluice diff <a.json> <b.json>

Names the first hook where two run records diverge: the processor, the hook, the step, and the
field that differs (outcome, tripwire, message edits, chunk counts), with its value in each record.
Timings and per-run ids (run id, message ids, tool-call ids) are not differences.

Exit code: 0 the runs did the same, 1 they differ, 2 bad arguments or a file that is not a run record.
`;

/** The `diff` command. */
export const diffCommand: CliCommand = {
  summary: 'name the first hook where two run records diverge (exit 1 when they differ)',
  help: HELP,
  async run(args, io) {
    const { positionals } = parseCommandArgs(args, []);
    if (positionals.length !== 2) {
      throw new CliUsageError(`expected two run record files, got ${positionals.length}.`);
    }
    const [pathA, pathB] = positionals.map((path) => resolve(io.cwd, path)) as [string, string];
    const a = readRecordFile(pathA);
    const b = readRecordFile(pathB);
    const divergence = diffRunRecords(a, b);
    // The files as the user named them.
    const [nameA, nameB] = positionals as [string, string];
    if (divergence === undefined) {
      io.stdout(`${nameA} and ${nameB}: every hook did the same (timings and per-run ids aside).\n`);
      return 0;
    }
    io.stdout(formatDivergence(divergence, nameA, nameB));
    return 1;
  },
};
