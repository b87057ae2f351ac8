/**
 * The API report: one Markdown file per entry point of `package.json` `exports` under `api/`,
 * made by API Extractor from the built `.d.ts` files (`dist/`), so every change to the public
 * surface shows up as a reviewed diff.
 *
 *   npm run api:report   build, then rewrite the reports
 *   npm run api:check    compare `dist/` with the committed reports; fails on a difference
 *                        (`npm test` runs it; when `dist/` is missing or older than `src/`,
 *                        it runs `npm run build` first, so a stale build never hides a change)
 *
 * All entry points share one TypeScript program, so the check stays in the seconds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CompilerState,
  ConsoleMessageId,
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  type ExtractorMessage,
  type IConfigFile,
} from '@microsoft/api-extractor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageJsonPath = path.join(root, 'package.json');
const reportFolder = path.join(root, 'api');
const tempFolder = path.join(root, 'node_modules', '.cache', 'api-report');

interface ExportTarget {
  types?: string;
}

interface EntryPoint {
  /** The import specifier: `sluice`, `sluice/processors`, … */
  specifier: string;
  /** The report's base name: `sluice`, `sluice-processors`, … */
  reportName: string;
  /** The built declaration file. */
  dtsPath: string;
}

/** The entry points of the `exports` map that have types, in map order. */
export function entryPoints(): EntryPoint[] {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as {
    name: string;
    exports: Record<string, string | ExportTarget>;
  };
  const out: EntryPoint[] = [];
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target === 'string' || target.types === undefined) continue;
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    out.push({
      specifier,
      reportName: specifier.replaceAll('/', '-'),
      dtsPath: path.join(root, target.types),
    });
  }
  return out;
}

function configFor(entry: EntryPoint): ExtractorConfig {
  const configObject: IConfigFile = {
    projectFolder: root,
    mainEntryPointFilePath: entry.dtsPath,
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2023'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          types: ['node'],
        },
        files: [entry.dtsPath],
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: entry.reportName,
      reportFolder,
      reportTempFolder: tempFolder,
      includeForgottenExports: false,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      // The report pins names and signatures. Release tags, TSDoc syntax and types that one
      // entry point references but another exports are not what it checks.
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
      extractorMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
    },
  };
  return ExtractorConfig.prepare({
    configObject,
    configObjectFullPath: undefined,
    packageJsonFullPath: packageJsonPath,
  });
}

/** The newest modification time of the files under `dir` that `keep` accepts. */
function newestMtime(dir: string, keep: (name: string) => boolean): number {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) newest = Math.max(newest, newestMtime(full, keep));
    else if (keep(item.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** True when some entry point's declarations are missing or older than a source file. */
function buildIsStale(entries: EntryPoint[]): boolean {
  if (entries.some((e) => !existsSync(e.dtsPath))) return true;
  const oldestBuilt = Math.min(...entries.map((e) => statSync(e.dtsPath).mtimeMs));
  // Declarations come from the .ts sources (data files, which some tests rewrite, are left out).
  const isSource = (name: string) =>
    name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-d.ts');
  return newestMtime(path.join(root, 'src'), isSource) > oldestBuilt;
}

/**
 * Prints where the committed report and the built surface differ: the span between the first
 * and the last differing line, committed lines as `-`, built lines as `+`.
 */
function printLineChanges(reportName: string): void {
  const read = (folder: string) => {
    const file = path.join(folder, `${reportName}.api.md`);
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  };
  const committed = read(reportFolder);
  const built = read(tempFolder);
  let head = 0;
  while (head < committed.length && head < built.length && committed[head] === built[head]) head++;
  let tail = 0;
  while (
    tail < committed.length - head &&
    tail < built.length - head &&
    committed[committed.length - 1 - tail] === built[built.length - 1 - tail]
  ) {
    tail++;
  }
  const lines = [
    ...committed.slice(head, committed.length - tail).map((l) => `- ${l}`),
    ...built.slice(head, built.length - tail).map((l) => `+ ${l}`),
  ];
  const shown = lines.slice(0, 40);
  console.error(
    `api/${reportName}.api.md from line ${head + 1} (- committed, + built):\n${shown.join('\n')}`,
  );
  if (lines.length > shown.length) console.error(`… and ${lines.length - shown.length} more lines`);
}

/** Runs API Extractor over every entry point; `update` rewrites the reports, else compares. */
export function runApiReport(update: boolean): { changed: string[]; failed: string[] } {
  const entries = entryPoints();
  if (!update && buildIsStale(entries)) {
    console.log('api-report: dist/ is missing or older than src/; running `npm run build` first');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('api-report: `npm run build` failed (output above)');
  }
  const missing = entries.filter((e) => !existsSync(e.dtsPath));
  if (missing.length > 0) {
    throw new Error(
      `api-report: ${missing.map((e) => path.relative(root, e.dtsPath)).join(', ')} not built. Run \`npm run build\` first (or \`npm run api:report\`, which builds).`,
    );
  }
  if (update) mkdirSync(reportFolder, { recursive: true });
  const configs = entries.map((e) => ({ entry: e, config: configFor(e) }));
  const compilerState = CompilerState.create(configs[0]!.config, {
    additionalEntryPoints: entries.map((e) => e.dtsPath),
  });
  const changed: string[] = [];
  const failed: string[] = [];
  // A report whose entry point is gone from `exports` is stale: removed on update, a difference otherwise.
  const reportNames = new Set(entries.map((e) => `${e.reportName}.api.md`));
  const orphans = existsSync(reportFolder)
    ? readdirSync(reportFolder).filter((f) => f.endsWith('.api.md') && !reportNames.has(f))
    : [];
  for (const orphan of orphans) {
    if (update) rmSync(path.join(reportFolder, orphan));
    changed.push(`api/${orphan} (no such entry point in package.json exports${update ? ': deleted' : ''})`);
  }
  for (const { entry, config } of configs) {
    const result = Extractor.invoke(config, {
      localBuild: update,
      compilerState,
      showVerboseMessages: false,
      messageCallback: (message: ExtractorMessage) => {
        if (
          // Summarised below, with the command that fixes it.
          message.messageId === ConsoleMessageId.ApiReportNotCopied ||
          message.messageId === ConsoleMessageId.ApiReportCopied ||
          message.messageId === ConsoleMessageId.ApiReportCreated ||
          message.logLevel === ExtractorLogLevel.Info ||
          message.logLevel === ExtractorLogLevel.Verbose
        ) {
          message.handled = true;
        }
      },
    });
    if (result.apiReportChanged) {
      changed.push(`api/${entry.reportName}.api.md (${entry.specifier})`);
      if (!update) printLineChanges(entry.reportName);
    }
    if (result.errorCount > 0) failed.push(entry.specifier);
  }
  return { changed, failed };
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const update = process.argv.includes('--update');
  const started = performance.now();
  const { changed, failed } = runApiReport(update);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failed.length > 0) {
    console.error(`api-report: API Extractor failed on ${failed.join(', ')} (messages above).`);
    process.exit(1);
  }
  if (update) {
    console.log(
      changed.length > 0
        ? `api-report: rewrote ${changed.length} report(s) in ${seconds} s:\n  ${changed.join('\n  ')}`
        : `api-report: ${entryPoints().length} reports unchanged (${seconds} s)`,
    );
  } else if (changed.length > 0) {
    console.error(
      `api-report: the exported surface differs from the committed report for:\n  ${changed.join('\n  ')}\n` +
        'If the change is intended, run `npm run api:report` (builds, then rewrites api/*.api.md) and commit the reports with it.',
    );
    process.exit(1);
  } else {
    console.log(`api-report: ${entryPoints().length} entry points match api/*.api.md (${seconds} s)`);
  }
}
