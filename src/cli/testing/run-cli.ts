/** Runs `sluice` in-process for tests: output collected, the server stopped on demand. */
import type { CliIo } from '../command.js';
import { main } from '../main.js';

/** What a {@link runCli} call printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `sluice …args` in `cwd`; a server command runs until `stop` settles. */
export async function runCli(
  args: string[],
  cwd: string,
  stop: Promise<void> = Promise.resolve(),
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd,
    stopped: stop,
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}
