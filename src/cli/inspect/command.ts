/** `sluice inspect <record.json | folder>`: the inspector page, served locally or written to one file. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CliCommand, CliUsageError, parseCommandArgs } from '../command.js';
import { loadRecords } from '../record-file.js';
import { inspectorPage } from './page.js';
import { serveInspector } from './server.js';

const HELP = `Usage: sluice inspect <record.json | folder> [--port <n>] [--html <out.html>]

Opens run records (\`record: true\`) as a timeline of steps × hooks: select a hook to see what it
changed (before/after) and why (tripwire reasons, errors); tripwires, retries and cache hits are
marked, and a failed or aborted run is badged with its error. A folder lists every *.json record
in it. \`recordTo\` recordings (*.sluice-run.json) open too: their model calls, tool results and
how the run ended (they keep no hooks and no timings).

  --port <n>         serve on 127.0.0.1:<n> (default: a free port); Ctrl-C stops the server
  --html <out.html>  write the page as one static file instead (no server, no external assets)
`;

function portOf(value: string | undefined): number {
  if (value === undefined) return 0;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliUsageError(`--port must be a port number (0-65535), got ${JSON.stringify(value)}.`);
  }
  return port;
}

/** The `inspect` command. */
export const inspectCommand: CliCommand = {
  summary: 'open run records in a local page: steps × hooks, what each hook changed (--html: one file)',
  help: HELP,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, ['port', 'html']);
    if (positionals.length !== 1) {
      throw new CliUsageError(`expected one run record file or folder, got ${positionals.length}.`);
    }
    const source = resolve(io.cwd, positionals[0] as string);
    const port = portOf(values.port);
    // Read now so a bad file fails before anything is written or served.
    const records = loadRecords(source);
    for (const entry of records) if (entry.error) io.stderr(`skipped: ${entry.error}\n`);
    if (values.html !== undefined) {
      if (values.port !== undefined) throw new CliUsageError('--html writes a file; it takes no --port.');
      const out = resolve(io.cwd, values.html);
      writeFileSync(out, inspectorPage({ source: positionals[0] as string, records }));
      io.stdout(`wrote ${out} (${records.length} record${records.length === 1 ? '' : 's'})\n`);
      return 0;
    }
    const server = await serveInspector(source, port, positionals[0]);
    io.stdout(
      `inspector: ${server.url} (${records.length} record${records.length === 1 ? '' : 's'}; Ctrl-C stops)\n`,
    );
    await io.stopped;
    await server.close();
    return 0;
  },
};
