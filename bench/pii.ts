/**
 * Cost of the offline PII guardrail, against baselines measured in the same run:
 *  - `detectPII()` on a 1 kB message with a mix of personal data and look-alikes, against one
 *    plain e-mail regex pass over the same text (the floor of any pattern scan);
 *  - `agent.stream()` through `PIIDetector` (offline, redact) against the same stream with no
 *    processor: time to first text and per-chunk cost;
 *  - the normalised view detectors match on (invisible characters removed, NFKC, look-alikes
 *    folded): `detectPII()` against the detector families run on the text as written (the old
 *    path), on plain ASCII and on mixed Unicode text, and the view alone.
 * Runnable alone: `npx tsx bench/pii.ts`.
 */
import { Agent } from '../src/agent/index.js';
import { matchingView } from '../src/processors/guardrails/text-view.js';
import { detectPII, PIIDetector } from '../src/processors/index.js';
import { detectPII as detectOnText } from '../src/processors/pii-detector/detect/index.js';
import { findSpans } from '../src/processors/regex-filter/matcher.js';
import { PRESET_RULES } from '../src/processors/regex-filter/presets.js';
import { ScriptedModel } from '../src/test/index.js';
import { measure, measurePairedRatio, row } from './harness.js';

const MESSAGE = [
  'Hi team, this is Jane from accounts. My name is Jane Doe and you can reach me at jane.doe@gmail.com',
  'or call +49 30 12345678 after lunch. Please refund to DE89 3704 0044 0532 0130 00 — the order number',
  'is 4111111111111111 (not a card, it is our order id) and the invoice INV-2024-00123 is attached.',
  'Our build 10.0.19041.1 ran on 203.0.113.7; commit 3f786850e387550fdab836ed7e6dc881de23001b fixed it.',
  'Docs: https://docs.example.org/setup?step=2. Do not paste YOUR_API_KEY anywhere, thanks!',
  'I was born on March 5, 1980, and I live at 742 Evergreen Terrace, Springfield, IL 62704. Cheers.',
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.',
  'Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo.',
].join(' ');

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * 1,024 variants of the message with a different phone number each, rotated per call, so the
 * phone-verdict memo of `detectPII` does not make a repeated message look cheaper than new text.
 */
const VARIANTS = Array.from({ length: 1024 }, (_, i) =>
  MESSAGE.replace('+49 30 12345678', `+49 30 1234${String(i).padStart(4, '0')}`),
);
let turn = 0;

const DELTAS = 2_000;
const words = Array.from({ length: DELTAS }, (_, i) => (i % 50 === 7 ? 'mail a.b@gmail.com ' : 'token '));

/** Time to the first text delta, and how many characters the model had produced by then. */
async function firstAndTotal(outputProcessors: PIIDetector[]): Promise<{ first: number; chars: number }> {
  const agent = new Agent({
    id: 'bench',
    instructions: 'bench',
    model: new ScriptedModel({ steps: [{ text: words }] }),
    outputProcessors,
  });
  const start = process.hrtime.bigint();
  const output = await agent.stream('go');
  let first = -1;
  let chars = 0;
  for await (const chunk of output.fullStream) {
    if (chunk.type === 'text-delta' && first < 0) {
      first = Number(process.hrtime.bigint() - start) / 1e6;
      // The first delta out carries everything released so far: what the client waited for.
      chars = chunk.payload.text.length;
    }
  }
  return { first, chars };
}

/** Runs the PII rows. */
export async function benchPII(): Promise<void> {
  console.log(`\nPII guardrail (offline): ${MESSAGE.length}-char message; stream of ${DELTAS} deltas`);
  const scan = await measurePairedRatio(
    async () => {
      EMAIL.lastIndex = 0;
      let n = 0;
      while (EMAIL.exec(MESSAGE) !== null) n++;
      if (n === 0) throw new Error('baseline found nothing');
    },
    async () => {
      turn = (turn + 1) % VARIANTS.length;
      if (detectPII(VARIANTS[turn] as string).length === 0) throw new Error('detectPII found nothing');
    },
    { warmup: 50, runs: 201 },
  );
  row('one e-mail regex pass (baseline)', `${(scan.base * 1000).toFixed(1)} µs/message`);
  row(
    'detectPII, all default types (new text)',
    `${(scan.variant * 1000).toFixed(1)} µs/message (x${scan.ratio.toFixed(1)})`,
  );
  const pii = new PIIDetector({ redactionMethod: 'placeholder' });
  const firsts: number[][] = [[], []];
  let heldChars = 0;
  const bare = await measure(async () => {
    firsts[0]?.push((await firstAndTotal([])).first);
  });
  const guarded = await measure(async () => {
    const r = await firstAndTotal([pii]);
    firsts[1]?.push(r.first);
    heldChars = r.chars;
  });
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] as number;
  const us = (ms: number) => `${((ms * 1000) / DELTAS).toFixed(2)} µs/chunk`;
  // The scripted model has no latency, so time to first text is dominated by setup noise here;
  // what the hold-back really costs is how much model output the client waits for.
  row('agent.stream, no processor', `${us(bare)}, first text ${median(firsts[0] ?? []).toFixed(2)} ms`);
  row('agent.stream + PIIDetector (redact)', `${us(guarded)} (x${(guarded / bare).toFixed(2)})`);
  row('  first text held until the model wrote', `${heldChars} characters (the stream window)`);
  await benchPIIView();
}

/** The same message in mixed Unicode: accents, Cyrillic, Chinese, emoji, a disguised e-mail. */
const MIXED = [
  'Grüße aus München! Frau Müller schreibt: „Bitte rufen Sie mich an“ — +49 30 12345678.',
  'Привет, это Вера из бухгалтерии; счёт отправлен вчера, всё в порядке 👍🏽 спасибо.',
  '你好，我是王明，我的邮箱是 wang.ming@gmail.com，电话 138 0013 8000。谢谢！',
  'Mail me at jane\u200b.roe@gmаil.com (ｏｒ ｆｕｌｌ－ｗｉｄｔｈ) — café, naïve, façade, 👨\u200d👩\u200d👧.',
  'Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo.',
].join(' ');
/** The ASCII message (its one dash made ASCII): the fast path of the view. */
const ASCII_VARIANTS = VARIANTS.map((v) => v.replace('\u2014', '-'));
const MIXED_VARIANTS = Array.from({ length: 1024 }, (_, i) =>
  MIXED.replace('+49 30 12345678', `+49 30 1234${String(i).padStart(4, '0')}`),
);

/** The normalised-view rows: cost of matching on the view vs on the text as written. */
async function benchPIIView(): Promise<void> {
  console.log(
    `\nPII normalised view: ${MESSAGE.length}-char ASCII message, ${MIXED.length}-char mixed-Unicode message`,
  );
  for (const [label, variants] of [
    ['plain ASCII', ASCII_VARIANTS],
    ['mixed Unicode', MIXED_VARIANTS],
  ] as const) {
    let i = 0;
    let j = 0;
    const paired = await measurePairedRatio(
      async () => {
        i = (i + 1) % variants.length;
        detectOnText(variants[i] as string);
      },
      async () => {
        j = (j + 1) % variants.length;
        detectPII(variants[j] as string);
      },
      { warmup: 50, runs: 401 },
    );
    row(
      `detectPII on the view, ${label}`,
      `${(paired.variant * 1000).toFixed(1)} µs vs ${(paired.base * 1000).toFixed(1)} µs as written (x${paired.ratio.toFixed(3)})`,
    );
    let k = 0;
    const view = await measure(
      async () => {
        for (let n = 0; n < 100; n++) {
          k = (k + 1) % variants.length;
          matchingView(variants[k] as string);
        }
      },
      { warmup: 20, runs: 101 },
    );
    row(`  the view alone, ${label}`, `${((view * 1000) / 100).toFixed(2)} µs/message`);
    const rules = [...PRESET_RULES.pii, ...PRESET_RULES.secrets];
    let r = 0;
    const regex = await measurePairedRatio(
      async () => {
        r = (r + 1) % variants.length;
        findSpans(variants[r] as string, 0, rules, false);
      },
      async () => {
        r = (r + 1) % variants.length;
        findSpans(variants[r] as string, 0, rules);
      },
      { warmup: 50, runs: 401 },
    );
    row(
      `  RegexFilter scan (pii + secrets), ${label}`,
      `${(regex.variant * 1000).toFixed(1)} µs vs ${(regex.base * 1000).toFixed(1)} µs as written (x${regex.ratio.toFixed(2)})`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPII();
