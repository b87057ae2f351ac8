/**
 * `sluice <command> [args]`: finds the command in the table, runs it, and turns what went wrong
 * into a message and an exit code (2 for bad usage or input, with the usage printed).
 */
import { readFileSync } from 'node:fs';
import { type CliCommand, type CliIo, CliUsageError, EXIT_USAGE } from './command.js';
import { COMMANDS } from './commands.js';
import { RecordFileError } from './record-file.js';

/** The top-level help: every command with its one-line summary. */
function usage(commands: Readonly<Record<string, CliCommand>> = COMMANDS): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = [
    'Usage: sluice <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`),
    '',
    'Options:',
    '  -h, --help     show help (sluice <command> --help for a command)',
    '  -v, --version  print the version',
  ];
  return `${lines.join('\n')}\n`;
}

function version(): string {
  // package.json is two folders up from both src/cli/ and dist/cli/.
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** Runs `sluice` with `argv` (without the node and script paths) and returns the exit code. */
export async function main(argv: string[], io: CliIo, commands = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    const topic = name === 'help' && rest[0] !== undefined ? commands[rest[0]] : undefined;
    if (topic) io.stdout(topic.help);
    else (name === undefined ? io.stderr : io.stdout)(usage(commands));
    return name === undefined ? EXIT_USAGE : 0;
  }
  if (name === '-v' || name === '--version') {
    io.stdout(`${version()}\n`);
    return 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (command === undefined) {
    io.stderr(`sluice: unknown command ${JSON.stringify(name)}.\n\n${usage(commands)}`);
    return EXIT_USAGE;
  }
  if (rest.includes('-h') || rest.includes('--help')) {
    io.stdout(command.help);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.stderr(`sluice ${name}: ${error.message}\n\n${command.help}`);
      return EXIT_USAGE;
    }
    if (error instanceof RecordFileError) {
      io.stderr(`sluice ${name}: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
