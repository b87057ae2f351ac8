/**
 * Pages of measured figures (`docs/reference/benchmarks.md`, `docs/reference/eval.md`), written by
 * the command that measured them, with the machine and the date, so no figure in the docs is
 * pasted by hand.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

/** One measured section: a heading and the command's output for it, verbatim. */
export interface ReportSection {
  title: string;
  output: string;
}

/** What the page says about where and when the figures were measured. */
export interface MachineInfo {
  date: string;
  node: string;
  platform: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  commit: string;
}

/** The machine this process runs on, now. */
export function machineInfo(now: Date = new Date()): MachineInfo {
  const cpuList = cpus();
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const changes = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    if (changes.trim() !== '') commit += ' with uncommitted changes';
  } catch {
    // Not a git checkout: the page says so.
  }
  return {
    date: now.toISOString().replace(/\.\d+Z$/, 'Z'),
    node: process.version,
    platform: `${process.platform}/${process.arch}`,
    cpu: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    commit,
  };
}

/**
 * Runs `fn` and returns what it printed with `console.log`, still printing it (the terminal shows
 * the run as before; the page gets the same text).
 */
export async function captureLog(fn: () => Promise<unknown>): Promise<string> {
  const original = console.log;
  const lines: string[] = [];
  console.log = (...args: unknown[]) => {
    lines.push(args.map((arg) => (typeof arg === 'string' ? arg : String(arg))).join(' '));
    original(...args);
  };
  try {
    await fn();
  } finally {
    console.log = original;
  }
  return lines.join('\n');
}

/** The Markdown of a report page. */
export function renderReportPage(options: {
  title: string;
  intro: string;
  command: string;
  machine: MachineInfo;
  sections: ReportSection[];
}): string {
  const { title, intro, command, machine, sections } = options;
  const parts = [
    `# ${title}`,
    '',
    `<!-- Written by \`${command}\`; do not edit by hand. -->`,
    '',
    intro,
    '',
    '| | |',
    '| --- | --- |',
    `| command | \`${command}\` |`,
    `| date | ${machine.date} |`,
    `| commit | \`${machine.commit}\` |`,
    `| machine | ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.platform} |`,
    `| Node.js | ${machine.node} |`,
  ];
  for (const section of sections) {
    // A fence longer than any backtick run in the output, so the output cannot close it.
    const longest = Math.max(2, ...[...section.output.matchAll(/`+/g)].map((match) => match[0].length));
    const fence = '`'.repeat(longest + 1);
    parts.push('', `## ${section.title}`, '', `${fence}text`, section.output.trimEnd(), fence);
  }
  return `${parts.join('\n')}\n`;
}

/** Writes the page to `path`. */
export function writeReportPage(path: string, page: string): void {
  writeFileSync(path, page);
  console.log(`\nwrote ${path}`);
}
