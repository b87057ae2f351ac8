#!/usr/bin/env node
/**
 * The `sluice` executable (package.json `bin`): wires the process to {@link main}. Output goes to
 * the process streams; Ctrl-C / SIGTERM stop a running server.
 */
import { main } from './main.js';

const stopped = new Promise<void>((resolve) => {
  process.once('SIGINT', () => resolve());
  process.once('SIGTERM', () => resolve());
});

process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  stopped,
});
