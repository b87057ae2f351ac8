/**
 * Code blocks of the README and the docs site, as modules a compiler can check.
 *
 * Conventions (documented in CONTRIBUTING.md), read from a fenced block's info string:
 *
 * - ```` ```ts ```` / ```` ```js ```` (also `typescript`, `javascript`): a complete module,
 *   imports included; typechecked on its own.
 * - `name=<id>`: names the block so later blocks of the same file can continue it.
 * - `continues=<id>`: the block is the continuation of the named block (of the same file): it is
 *   checked appended to that block and the continuations before it, as one module.
 * - `run`: the module (with what it continues) is also executed in `npm test`; it must use
 *   scripted models (`sluice/test`) and throw when what it shows does not happen.
 *
 * Blocks in any other language (`sh`, `text`, `json`, none) are not code to compile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Languages whose blocks are compiled. */
const CODE_LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript']);
const ATTRIBUTE = /^(name|continues)=([\w-]+)$/;

/** One fenced code block in a Markdown file. */
export interface Snippet {
  /** Path of the Markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the first code line (the line after the opening fence). */
  line: number;
  lang: string;
  name?: string;
  continues?: string;
  run: boolean;
  code: string;
}

/** A module to compile: one snippet plus the chain of snippets it continues. */
export interface SnippetModule {
  /** Where the module's last snippet is, `file:line`, for messages. */
  id: string;
  /** A file name safe for the temp folder, unique per module. */
  fileName: string;
  /** `.ts`, or `.js` when every part is JavaScript. */
  extension: '.ts' | '.js';
  source: string;
  run: boolean;
  /** For each line of `source` (0-based), the Markdown `file:line` it came from. */
  origins: string[];
}

/** Thrown when a block's info string breaks the conventions above. */
export class SnippetConventionError extends Error {
  readonly code = 'DOCS_SNIPPET_CONVENTION';
  constructor(where: string, problem: string) {
    super(`${where}: ${problem}`);
    this.name = 'SnippetConventionError';
  }
}

/** The Markdown files whose code blocks are checked: README.md and docs/**\/*.md (not generated API pages). */
export function markdownFiles(root: string): string[] {
  const files = [join(root, 'README.md')];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path === join(root, 'docs', 'api')) continue;
        walk(path);
      } else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(root, 'docs'));
  return files.sort();
}

/** Every compiled-language fenced block of one Markdown text. */
export function extractSnippets(file: string, markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  let open: { fence: string; info: string; start: number; body: string[] } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    const trimmed = text.trimStart();
    if (open) {
      if (trimmed.startsWith(open.fence) && trimmed.slice(open.fence.length).trim() === '') {
        const snippet = toSnippet(file, open.info, open.start, open.body);
        if (snippet) snippets.push(snippet);
        open = undefined;
      } else open.body.push(text);
      continue;
    }
    const fence = /^(`{3,}|~{3,})(.*)$/.exec(trimmed);
    if (fence) open = { fence: fence[1], info: fence[2].trim(), start: i + 2, body: [] };
  }
  if (open) throw new SnippetConventionError(`${file}:${open.start - 1}`, 'code fence is never closed');
  return snippets;
}

function toSnippet(file: string, info: string, line: number, body: string[]): Snippet | undefined {
  const [lang = '', ...attributes] = info.split(/\s+/);
  if (!CODE_LANGUAGES.has(lang)) return undefined;
  const snippet: Snippet = { file, line, lang, run: false, code: body.join('\n') };
  for (const attribute of attributes) {
    if (attribute === 'run') {
      snippet.run = true;
      continue;
    }
    const match = ATTRIBUTE.exec(attribute);
    if (!match) {
      throw new SnippetConventionError(
        `${file}:${line - 1}`,
        `unknown code block attribute "${attribute}"; use name=<id>, continues=<id> or run`,
      );
    }
    snippet[match[1] as 'name' | 'continues'] = match[2];
  }
  return snippet;
}

/** Builds one module per snippet, each continuation appended to the chain it continues. */
export function toModules(snippets: Snippet[]): SnippetModule[] {
  const named = new Map<string, Snippet[]>();
  const modules: SnippetModule[] = [];
  const used = new Set<string>();
  for (const snippet of snippets) {
    let chain = [snippet];
    if (snippet.continues) {
      const earlier = named.get(`${snippet.file}#${snippet.continues}`);
      if (!earlier) {
        throw new SnippetConventionError(
          `${snippet.file}:${snippet.line - 1}`,
          `continues=${snippet.continues} names no earlier block of this file; add name=${snippet.continues} to the block it continues`,
        );
      }
      chain = [...earlier, snippet];
      used.add(`${snippet.file}#${snippet.continues}`);
    }
    if (snippet.name) {
      const key = `${snippet.file}#${snippet.name}`;
      if (named.has(key)) {
        throw new SnippetConventionError(
          `${snippet.file}:${snippet.line - 1}`,
          `name=${snippet.name} is used twice`,
        );
      }
      named.set(key, chain);
    }
    const origins: string[] = [];
    const parts: string[] = [];
    for (const part of chain) {
      const partLines = part.code.split('\n');
      partLines.forEach((_, index) => {
        origins.push(`${part.file}:${part.line + index}`);
      });
      parts.push(part.code);
    }
    const javascript = chain.every((part) => part.lang === 'js' || part.lang === 'javascript');
    const stem = snippet.file.replace(/[^\w]+/g, '_');
    modules.push({
      id: `${snippet.file}:${snippet.line}`,
      fileName: `${stem}_L${snippet.line}`,
      extension: javascript ? '.js' : '.ts',
      // `export {}` keeps a block without imports a module, so blocks never share globals.
      source: `${parts.join('\n')}\nexport {};\n`,
      run: snippet.run || chain.some((part) => part.run),
      origins,
    });
  }
  return modules;
}

/** Every snippet module of the repository at `root`. */
export function collectModules(root: string): SnippetModule[] {
  const snippets = markdownFiles(root).flatMap((path) =>
    extractSnippets(relative(root, path), readFileSync(path, 'utf8')),
  );
  return toModules(snippets);
}
