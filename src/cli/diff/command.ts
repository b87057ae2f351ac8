/** `sluice diff a.json b.json [--json]`: the first hook where two run records diverge. */
import { resolve } from 'node:path';
import type { RunRecord } from '../../tracing/run-record.js';
import { type CliCommand, CliUsageError, EXIT_USAGE, parseCommandArgs } from '../command.js';
import { RecordFileError, readRecordFile } from '../record-file.js';
import { formatDivergence } from './format.js';
import { divergenceJson, invalidJson, writeDiffJson } from './json.js';
import { diffRunRecords } from './run-diff.js';

const HELP = `Usage: sluice diff <a.json> <b.json> [--json]

Names the first hook where two run records diverge: the processor, the hook, the step, and the
field that differs (outcome, tripwire, message edits, chunk counts), with its value in each record.
When every hook did the same, how the runs ended (status and error) is compared next, then the
model calls, the tool calls and memory. Timings and per-run ids (run id, message ids, tool-call
ids) are not differences.

  --json  print the comparison as one JSON object instead:
          {"result":"same","files":{…}}, or
          {"result":"differ","files":{…},"divergence":{"kind","index","sameHook","path",
           "a":{"hook","value"},"b":{"hook","value"}}}, or, for a file that is not a run record,
          {"result":"invalid","error":{"code","file","message"}} (the message also on stderr)

Exit code: 0 the runs did the same, 1 they differ, 2 bad arguments or a file that is not a run record.
`;

/** The `diff` command. */
export const diffCommand: CliCommand = {
  summary: 'name the first hook where two run records diverge (exit 1 when they differ; --json)',
  help: HELP,
  async run(args, io) {
    const { positionals, flags } = parseCommandArgs(args, [], ['json']);
    if (positionals.length !== 2) {
      throw new CliUsageError(`expected two run record files, got ${positionals.length}.`);
    }
    const [pathA, pathB] = positionals.map((path) => resolve(io.cwd, path)) as [string, string];
    let a: RunRecord;
    let b: RunRecord;
    try {
      a = readRecordFile(pathA);
      b = readRecordFile(pathB);
    } catch (error) {
      if (flags.json && error instanceof RecordFileError) {
        io.stdout(writeDiffJson(invalidJson(error)));
        io.stderr(`sluice diff: ${error.message}\n`);
        return EXIT_USAGE;
      }
      throw error;
    }
    const divergence = diffRunRecords(a, b);
    // The files as the user named them.
    const [nameA, nameB] = positionals as [string, string];
    if (flags.json) {
      io.stdout(writeDiffJson(divergenceJson(divergence, nameA, nameB)));
      return divergence === undefined ? 0 : 1;
    }
    if (divergence === undefined) {
      io.stdout(`${nameA} and ${nameB}: every hook did the same (timings and per-run ids aside).\n`);
      return 0;
    }
    io.stdout(formatDivergence(divergence, nameA, nameB));
    return 1;
  },
};
