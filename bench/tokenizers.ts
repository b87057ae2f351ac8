/**
 * Which token counter should `TokenLimiter` use? Compares the candidates on
 *  - accuracy against exact o200k_base BPE counts (the encoding of OpenAI's current models),
 *    on generated English prose, CJK text, TypeScript code and JSON — nothing is downloaded;
 *    the two exact BPE implementations (`js-tiktoken` with the full rank set and `gpt-tokenizer`)
 *    are checked against each other first, so the ground truth is itself verified;
 *  - speed on short texts (one chat message) and long texts (a pasted document);
 *  - cold start: time and heap to import and build the encoder, in a fresh Node process.
 *
 * Candidates: `js-tiktoken/lite` + the o200k_base rank file, `gpt-tokenizer` (o200k_base),
 * `tokenx` (a heuristic estimator) and the `characters / 4` rule of thumb as a floor.
 * "Under" is the share of samples a candidate counts LOW: the dangerous direction for a limiter,
 * because a request it believes fits can still overflow the context window.
 */
import { execFileSync } from 'node:child_process';
import { countTokens as gptCount } from 'gpt-tokenizer/encoding/o200k_base';
import { getEncoding } from 'js-tiktoken';
import { Tiktoken } from 'js-tiktoken/lite';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import { estimateTokenCount } from 'tokenx';
import { seededRandom } from '../src/test/seeded-random.js';
import { measureInterleaved, row } from './harness.js';

const WORDS = (
  'the of and to in is you that it he was for on are as with his they at be this have from or one had by ' +
  'word but not what all were we when your can said there use an each which she do how their if will up ' +
  'other about out many then them these so some her would make like him into time has look two more write ' +
  'go see number no way could people my than first water been call who oil its now find long down day did ' +
  'get come made may part agent message processor token limit history request response stream provider ' +
  'conversation assistant summary context window budget memory system question answer because however ' +
  'implementation configuration reasonable unfortunately approximately international responsibility'
).split(' ');
const CJK =
  '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后' +
  '小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长' +
  '知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间' +
  'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん' +
  'アイウエオカキクケコサシスセソタチツテトナニヌネノ한국어문장처리토큰';
const CJK_PUNCT = '，。！？、「」：；';

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function english(random: () => number, chars: number): string {
  let out = '';
  while (out.length < chars) {
    const length = 5 + Math.floor(random() * 14);
    const words: string[] = [];
    for (let i = 0; i < length; i++) words.push(pick(random, WORDS));
    const sentence = words.join(' ');
    out += `${sentence[0]?.toUpperCase()}${sentence.slice(1)}${random() < 0.2 ? ',' : ''}${random() < 0.1 ? '?' : '.'} `;
    if (random() < 0.1) out += `${Math.floor(random() * 10_000)} items, ${(random() * 100).toFixed(2)}%. `;
  }
  return out;
}

function cjk(random: () => number, chars: number): string {
  let out = '';
  while (out.length < chars) {
    const length = 6 + Math.floor(random() * 20);
    for (let i = 0; i < length; i++) out += CJK[Math.floor(random() * CJK.length)];
    out += pick(random, [...CJK_PUNCT]);
  }
  return out;
}

function identifier(random: () => number): string {
  const a = pick(random, WORDS);
  const b = pick(random, WORDS);
  return `${a}${b[0]?.toUpperCase()}${b.slice(1)}`;
}

function code(random: () => number, chars: number): string {
  let out = "import { readFile } from 'node:fs/promises';\n\n";
  while (out.length < chars) {
    const name = identifier(random);
    const arg = identifier(random);
    out +=
      `export async function ${name}(${arg}: string, limit = ${Math.floor(random() * 100)}): Promise<number[]> {\n` +
      `  const result: number[] = [];\n` +
      `  for (let i = 0; i < ${arg}.length && i < limit; i++) {\n` +
      `    if (${arg}.charCodeAt(i) % ${2 + Math.floor(random() * 7)} === 0) result.push(i * ${Math.floor(random() * 50)});\n` +
      `    else await readFile('./${pick(random, WORDS)}/${identifier(random)}.json', 'utf8');\n` +
      `  }\n  return result; // ${pick(random, WORDS)} ${pick(random, WORDS)}\n}\n\n`;
  }
  return out;
}

function jsonValue(random: () => number, depth: number): unknown {
  const roll = random();
  if (depth > 2 || roll < 0.35) {
    const kind = Math.floor(random() * 4);
    if (kind === 0) return Math.floor(random() * 100_000);
    if (kind === 1) return random() < 0.5;
    if (kind === 2) return `${pick(random, WORDS)} ${pick(random, WORDS)}`;
    return `2025-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}T12:00:00Z`;
  }
  if (roll < 0.55)
    return Array.from({ length: 1 + Math.floor(random() * 4) }, () => jsonValue(random, depth + 1));
  const object: Record<string, unknown> = {};
  const keys = 2 + Math.floor(random() * 5);
  for (let i = 0; i < keys; i++) object[identifier(random)] = jsonValue(random, depth + 1);
  return object;
}

function json(random: () => number, chars: number): string {
  const items: unknown[] = [];
  let text = '[]';
  while (text.length < chars) {
    items.push(jsonValue(random, 0));
    text = JSON.stringify(items, null, random() < 0.5 ? 2 : undefined);
  }
  return text;
}

const KINDS = { English: english, CJK: cjk, code, JSON: json } as const;
type Kind = keyof typeof KINDS;
/** Per kind: 40 texts from 40 to 4,000 characters (a chat turn to a pasted page). */
const SAMPLES_PER_KIND = 40;

function samples(kind: Kind): string[] {
  const random = seededRandom(0x70c3 + kind.length);
  return Array.from({ length: SAMPLES_PER_KIND }, () =>
    KINDS[kind](random, Math.floor(40 * 100 ** random())),
  );
}

type Counter = (text: string) => number;

/** Exact BPE counts with special-token text counted as plain text (user text may contain it). */
const fullTiktoken = getEncoding('o200k_base');
const exact: Counter = (text) => fullTiktoken.encode(text, [], []).length;
const liteTiktoken = new Tiktoken(o200kBase);
const NO_SPECIAL = { disallowedSpecial: new Set<string>() };

const CANDIDATES: ReadonlyArray<{ name: string; count: Counter }> = [
  { name: 'js-tiktoken/lite + o200k_base', count: (text) => liteTiktoken.encode(text, [], []).length },
  { name: 'gpt-tokenizer (o200k_base)', count: (text) => gptCount(text, NO_SPECIAL) },
  { name: 'tokenx (estimate)', count: (text) => estimateTokenCount(text) },
  { name: 'characters / 4', count: (text) => Math.ceil(text.length / 4) },
];

interface Accuracy {
  /** Mean absolute error, % of the exact count. */
  meanError: number;
  maxError: number;
  /** Share of samples counted below the exact count. */
  under: number;
  /** Sum of counts / sum of exact counts − 1 (the bias over the whole kind). */
  bias: number;
}

function accuracy(count: Counter, texts: readonly string[], truth: readonly number[]): Accuracy {
  let sumError = 0;
  let maxError = 0;
  let under = 0;
  let total = 0;
  let totalTruth = 0;
  texts.forEach((text, i) => {
    const expected = truth[i] as number;
    const got = count(text);
    const error = Math.abs(got - expected) / expected;
    sumError += error;
    maxError = Math.max(maxError, error);
    if (got < expected) under++;
    total += got;
    totalTruth += expected;
  });
  return {
    meanError: (100 * sumError) / texts.length,
    maxError: 100 * maxError,
    under: (100 * under) / texts.length,
    bias: 100 * (total / totalTruth - 1),
  };
}

const percent = (value: number) => `${value >= 0 ? '' : '−'}${Math.abs(value).toFixed(1)}%`;

/** Import + build each encoder in a fresh Node process: ms and MB of heap. */
function coldStart(): Array<{ name: string; ms: number; heapMB: number }> {
  const loaders: Array<[string, string]> = [
    [
      'js-tiktoken/lite + o200k_base',
      "const { Tiktoken } = await import('js-tiktoken/lite'); const r = (await import('js-tiktoken/ranks/o200k_base')).default; const e = new Tiktoken(r); e.encode('warm up', [], []);",
    ],
    [
      'gpt-tokenizer (o200k_base)',
      "const m = await import('gpt-tokenizer/encoding/o200k_base'); m.countTokens('warm up');",
    ],
    ['tokenx (estimate)', "const m = await import('tokenx'); m.estimateTokenCount('warm up');"],
  ];
  return loaders.map(([name, body]) => {
    const script =
      'globalThis.gc?.(); const h = process.memoryUsage().heapUsed; const t = performance.now();' +
      `${body} const ms = performance.now() - t; globalThis.gc?.();` +
      'console.log(JSON.stringify({ ms, heapMB: (process.memoryUsage().heapUsed - h) / 2 ** 20 }));';
    const out = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
      cwd: new URL('..', import.meta.url),
      encoding: 'utf8',
    });
    return { name, ...(JSON.parse(out) as { ms: number; heapMB: number }) };
  });
}

/** Run the comparison and print accuracy, speed and cold-start rows. */
export async function benchTokenizers(): Promise<void> {
  console.log('\ntokenizers: accuracy against exact o200k_base BPE, speed, cold start');
  const byKind = (Object.keys(KINDS) as Kind[]).map((kind) => {
    const texts = samples(kind);
    const truth = texts.map(exact);
    const other = texts.filter((text) => gptCount(text, NO_SPECIAL) !== exact(text)).length;
    return { kind, texts, truth, disagreements: other };
  });
  const disagreements = byKind.reduce((n, k) => n + k.disagreements, 0);
  row(
    'ground truth: js-tiktoken (full) vs gpt-tokenizer',
    `${disagreements === 0 ? 'identical' : `${disagreements} DIFFERENT`} on ${SAMPLES_PER_KIND * byKind.length} texts`,
  );
  for (const { kind, texts, truth } of byKind) {
    const chars = texts.reduce((n, t) => n + t.length, 0);
    const tokens = truth.reduce((n, t) => n + t, 0);
    console.log(
      `  ${kind}: ${texts.length} texts, ${chars.toLocaleString('en-US')} chars, ${tokens.toLocaleString('en-US')} tokens (${(chars / tokens).toFixed(2)} chars/token)`,
    );
    for (const candidate of CANDIDATES) {
      const a = accuracy(candidate.count, texts, truth);
      row(
        `    ${candidate.name}`,
        `mean error ${percent(a.meanError)}, max ${percent(a.maxError)}, bias ${percent(a.bias)}, under on ${percent(a.under)}`,
      );
    }
  }

  const random = seededRandom(42);
  const short = Array.from({ length: 64 }, (_, i) =>
    (i % 2 === 0 ? english : code)(random, 60 + Math.floor(random() * 140)),
  );
  const long = [english(random, 50_000), code(random, 50_000), json(random, 50_000), cjk(random, 20_000)];
  const longChars = long.reduce((n, t) => n + t.length, 0);
  const run = (count: Counter, texts: readonly string[]) => async () => {
    let sink = 0;
    for (const text of texts) sink += count(text);
    if (sink <= 0) throw new Error('counted nothing');
  };
  const shortTimes = await measureInterleaved(
    CANDIDATES.map((c) => run(c.count, short)),
    { warmup: 5, runs: 15 },
  );
  const longTimes = await measureInterleaved(
    CANDIDATES.map((c) => run(c.count, long)),
    { warmup: 1, runs: 5 },
  );
  console.log(
    `  speed: ${short.length} short texts (60-200 chars) per run; 4 long texts (${longChars.toLocaleString('en-US')} chars) per run`,
  );
  CANDIDATES.forEach((candidate, i) => {
    const shortUs = ((shortTimes[i] as number) * 1000) / short.length;
    const mbPerS = longChars / 1e6 / ((longTimes[i] as number) / 1000);
    row(`    ${candidate.name}`, `${shortUs.toFixed(2)} µs/short text, ${mbPerS.toFixed(1)} MB/s on long`);
  });

  console.log('  cold start (fresh process: import + build + first count)');
  for (const { name, ms, heapMB } of coldStart()) {
    row(`    ${name}`, `${ms.toFixed(0)} ms, +${heapMB.toFixed(1)} MB heap`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchTokenizers();
