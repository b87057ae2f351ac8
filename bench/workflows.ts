/**
 * Workflows as processors (issue #12) against the same processors as a plain array, measured in
 * the same process and interleaved run by run:
 *  1. The stream phase: 5,000 text deltas streamed by `agent.stream()` through a workflow of three
 *     pass-through `processOutputStream` steps (two in `.parallel()`, a `.map()` choosing one, the
 *     third with `.then()`) in `outputProcessors`, against the three processors as a plain
 *     `outputProcessors` array. Goal: the workflow within 1.5x of the plain array. Written as
 *     users write them (async hooks, async map, as in the seed), plus a sync variant.
 *  2. The input phase: a three-branch `.parallel()` of pass-through `processInput` steps (each
 *     branch works on its own copy of the list) on a 20- and a 200-message conversation, against
 *     the three as a plain `inputProcessors` array. Informational: no target.
 */
import { Agent } from '../src/agent/index.js';
import type { InputProcessorOrWorkflow, OutputProcessorOrWorkflow } from '../src/pipeline/types.js';
import type { InputProcessor, OutputProcessor } from '../src/processors/index.js';
import { ProcessorStepSchema } from '../src/processors/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { createStep, createWorkflow } from '../src/workflows/index.js';
import { measureInterleaved, row } from './harness.js';
import { readProviderStream } from './stream-overhead.js';

const DELTAS = 5_000;
const GOAL_RATIO = 1.5;
const SIZES = [20, 200] as const;

const deltas = Array.from({ length: DELTAS }, () => 'tok ');

// ---- 1. stream phase ---------------------------------------------------------------------------

type Flavour = 'async' | 'sync';

type StreamHook = NonNullable<OutputProcessor['processOutputStream']>;
/** The hook type asks for a promise (as Mastra's does); the runner takes a plain value as well. */
const syncPass = (({ part }) => part) as (...args: Parameters<StreamHook>) => unknown as StreamHook;

/** Three pass-through stream processors (`part` back unchanged), async or sync. */
function streamProcessors(flavour: Flavour): [OutputProcessor, OutputProcessor, OutputProcessor] {
  const make = (id: string): OutputProcessor =>
    flavour === 'async'
      ? { id, processOutputStream: async ({ part }) => part }
      : { id, processOutputStream: syncPass };
  return [make('pass-a'), make('pass-b'), make('pass-c')];
}

/** `.parallel([a, b])`, `.map()` picking a's output, `.then(c)`: the issue's workflow shape. */
function streamWorkflow(
  flavour: Flavour,
  [a, b, c]: readonly [OutputProcessor, OutputProcessor, OutputProcessor],
) {
  const parallel = createWorkflow({
    id: `bench-stream-${flavour}`,
    inputSchema: ProcessorStepSchema,
    outputSchema: ProcessorStepSchema,
  }).parallel([createStep(a), createStep(b)]);
  const mapped =
    flavour === 'async'
      ? parallel.map(async ({ inputData }) => inputData['processor:pass-a'])
      : parallel.map(({ inputData }) => inputData['processor:pass-a']);
  return mapped.then(createStep(c)).commit();
}

/** One `agent.stream()` run read to the end; the agent is built per run, as the other benches do. */
function readStream(outputProcessors: readonly OutputProcessorOrWorkflow[]): () => Promise<void> {
  return async () => {
    const agent = new Agent({
      id: 'bench',
      instructions: 'bench',
      model: new ScriptedModel({ steps: [{ text: deltas }] }),
      outputProcessors: [...outputProcessors],
    });
    const output = await agent.stream('go');
    let n = 0;
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') n++;
    if (n !== DELTAS) throw new Error(`agent stream lost chunks: ${n}`);
  };
}

interface StreamRow {
  flavour: Flavour;
  plain: number;
  workflow: number;
  ratio: number;
}

async function benchStreamPhase(): Promise<StreamRow[]> {
  const flavours: Flavour[] = ['async', 'sync'];
  const variants = flavours.flatMap((flavour) => {
    const processors = streamProcessors(flavour);
    return [readStream(processors), readStream([streamWorkflow(flavour, processors)])];
  });
  const [provider, ...times] = (await measureInterleaved([
    () => readProviderStream(deltas),
    ...variants,
  ])) as [number, ...number[]];
  const us = (ms: number) => `${((ms * 1000) / DELTAS).toFixed(3)} µs/chunk`;
  console.log(
    `\nworkflows, stream phase: ${DELTAS} text deltas, 3 pass-through processOutputStream steps (median of 21 interleaved runs)`,
  );
  row('provider stream read raw (reference)', us(provider));
  const rows: StreamRow[] = [];
  flavours.forEach((flavour, i) => {
    const plain = times[2 * i] as number;
    const workflow = times[2 * i + 1] as number;
    const ratio = workflow / plain;
    rows.push({ flavour, plain, workflow, ratio });
    row(`${flavour} hooks: plain array [a, b, c]`, `${us(plain)}  (${(plain / provider).toFixed(2)}x raw)`);
    row(
      `${flavour} hooks: parallel([a, b]).map().then(c)`,
      `${us(workflow)}  (${(workflow / provider).toFixed(2)}x raw)`,
    );
    row(`${flavour} hooks: ratio workflow / plain array`, `${ratio.toFixed(2)}x`);
  });
  return rows;
}

/**
 * The same async row against the built package (`dist/`, what users run; `npm run bench` builds
 * first): the sources through tsx pay a name-keeping helper per closure that compiled code does
 * not, which shifts both sides differently.
 */
async function benchStreamBuilt(): Promise<StreamRow | undefined> {
  // Computed specifiers: typechecking must not depend on dist/ having been built.
  const load = (path: string) =>
    import(new URL(`../dist/${path}/index.js`, import.meta.url).href).catch(() => undefined);
  const [agentMod, processorsMod, testMod, workflowsMod] = await Promise.all([
    load('agent'),
    load('processors'),
    load('test'),
    load('workflows'),
  ]);
  if (!agentMod || !processorsMod || !testMod || !workflowsMod) {
    row('async hooks, built package (dist/)', 'skipped (run `npm run build` first)');
    return undefined;
  }
  const BuiltAgent = agentMod.Agent as typeof Agent;
  const BuiltModel = testMod.ScriptedModel as typeof ScriptedModel;
  const built = workflowsMod as typeof import('../src/workflows/index.js');
  const schema = (processorsMod as typeof import('../src/processors/index.js')).ProcessorStepSchema;
  const [a, b, c] = streamProcessors('async');
  const workflow = built
    .createWorkflow({ id: 'bench-stream-dist', inputSchema: schema, outputSchema: schema })
    .parallel([built.createStep(a), built.createStep(b)])
    .map(async ({ inputData }) => inputData['processor:pass-a'])
    .then(built.createStep(c))
    .commit();
  const read = (outputProcessors: readonly OutputProcessorOrWorkflow[]) => async () => {
    const agent = new BuiltAgent({
      id: 'bench',
      instructions: 'bench',
      model: new BuiltModel({ steps: [{ text: deltas }] }),
      outputProcessors: [...outputProcessors],
    });
    const output = await agent.stream('go');
    let n = 0;
    for await (const chunk of output.fullStream) if (chunk.type === 'text-delta') n++;
    if (n !== DELTAS) throw new Error(`agent stream lost chunks: ${n}`);
  };
  const [plain, flow] = (await measureInterleaved([read([a, b, c]), read([workflow])], { runs: 41 })) as [
    number,
    number,
  ];
  const us = (ms: number) => `${((ms * 1000) / DELTAS).toFixed(3)} µs/chunk`;
  row('async hooks, built package: plain array [a, b, c]', us(plain));
  row('async hooks, built package: parallel([a, b]).map().then(c)', us(flow));
  row('async hooks, built package: ratio workflow / plain array', `${(flow / plain).toFixed(2)}x`);
  return { flavour: 'async', plain, workflow: flow, ratio: flow / plain };
}

/**
 * `.branch()` in the stream phase (informational): the step that ran comes out keyed by its id,
 * so a `.map()` picks it, chunk by chunk. Against one pass-through processor as a plain array and
 * as `.then()` in a workflow, measured interleaved.
 */
async function benchStreamBranch(): Promise<void> {
  const [a] = streamProcessors('async');
  const flow = (id: string) =>
    createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema });
  const then = flow('bench-then').then(createStep(a)).commit();
  const branch = flow('bench-branch')
    .branch([[() => true, createStep(a)]])
    .map(({ inputData }) => inputData['processor:pass-a'])
    .commit();
  const [plain, thenTime, branchTime] = (await measureInterleaved([
    readStream([a]),
    readStream([then]),
    readStream([branch]),
  ])) as [number, number, number];
  const us = (ms: number) => `${((ms * 1000) / DELTAS).toFixed(3)} µs/chunk`;
  console.log(
    `\nworkflows, .branch() in the stream phase: ${DELTAS} text deltas, one async pass-through step`,
  );
  row('plain array [a]', us(plain));
  row('then(a)', `${us(thenTime)}  (${(thenTime / plain).toFixed(2)}x plain)`);
  row(
    'branch([[() => true, a]]).map(pick keyed output)',
    `${us(branchTime)}  (${(branchTime / plain).toFixed(2)}x plain, ${(branchTime / thenTime).toFixed(2)}x then)`,
  );
}

// ---- 2. input phase ----------------------------------------------------------------------------

type HistoryMessage = { role: 'user' | 'assistant'; content: string };

/** `n` alternating user/assistant messages, the last one from the user. */
function conversation(n: number): readonly HistoryMessage[] {
  return Array.from({ length: n }, (_, i) => ({
    role: (n - 1 - i) % 2 === 0 ? 'user' : 'assistant',
    content: `${(n - 1 - i) % 2 === 0 ? 'question' : 'answer'} number ${i}`,
  }));
}

function inputProcessors(): [InputProcessor, InputProcessor, InputProcessor] {
  const make = (id: string): InputProcessor => ({ id, processInput: async ({ messages }) => messages });
  return [make('in-a'), make('in-b'), make('in-c')];
}

/** Three processInput pass-through steps side by side (three list copies), then a's output. */
function inputWorkflow([a, b, c]: readonly [InputProcessor, InputProcessor, InputProcessor]) {
  return createWorkflow({
    id: 'bench-input',
    inputSchema: ProcessorStepSchema,
    outputSchema: ProcessorStepSchema,
  })
    .parallel([createStep(a), createStep(b), createStep(c)])
    .map(async ({ inputData }) => inputData['processor:in-a'])
    .commit();
}

function runGenerate(
  input: readonly HistoryMessage[],
  lane: readonly InputProcessorOrWorkflow[],
): () => Promise<void> {
  return async () => {
    const model = new ScriptedModel({ steps: ['Short answer.'] });
    const agent = new Agent({
      id: 'bench',
      instructions: 'bench',
      model,
      inputProcessors: [...lane],
    });
    const result = await agent.generate([...input]);
    if (result.text !== 'Short answer.') throw new Error(`unexpected answer ${JSON.stringify(result.text)}`);
    // The system message plus the whole conversation must reach the model.
    if (model.lastCall.prompt.length !== input.length + 1) {
      throw new Error(
        `model saw ${model.lastCall.prompt.length} prompt messages, expected ${input.length + 1}`,
      );
    }
  };
}

interface InputRow {
  size: number;
  none: number;
  plain: number;
  workflow: number;
  ratio: number;
  addedRatio: number;
}

async function benchInputPhase(): Promise<InputRow[]> {
  const processors = inputProcessors();
  const workflow = inputWorkflow(processors);
  const variants = SIZES.flatMap((size) => {
    const input = conversation(size);
    return [runGenerate(input, []), runGenerate(input, processors), runGenerate(input, [workflow])];
  });
  const times = await measureInterleaved(variants);
  console.log(
    '\nworkflows, input phase: agent.generate(), 3 pass-through processInput steps in .parallel() (median of 21 interleaved runs; informational)',
  );
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  const added = (value: number) => `${value < 0 ? '-' : '+'}${ms(Math.abs(value))}`;
  const rows: InputRow[] = [];
  SIZES.forEach((size, i) => {
    const none = times[3 * i] as number;
    const plain = times[3 * i + 1] as number;
    const wf = times[3 * i + 2] as number;
    const ratio = wf / plain;
    const plainAdded = plain - none;
    const wfAdded = wf - none;
    const addedRatio = plainAdded > 0 ? wfAdded / plainAdded : Number.NaN;
    rows.push({ size, none, plain, workflow: wf, ratio, addedRatio });
    row(`${size} messages: no input processors`, ms(none));
    row(`${size} messages: plain array [a, b, c]`, `${ms(plain)}  (${added(plainAdded)})`);
    row(`${size} messages: parallel([a, b, c]).map()`, `${ms(wf)}  (${added(wfAdded)})`);
    row(
      `${size} messages: ratio workflow / plain array`,
      `${ratio.toFixed(2)}x run, ${Number.isNaN(addedRatio) ? 'n/a' : `${addedRatio.toFixed(2)}x`} added cost`,
    );
  });
  return rows;
}

/** Run both workflow benchmarks; prints medians and ratios, returns them with the stream goal. */
export async function benchWorkflows(): Promise<{
  stream: StreamRow[];
  input: InputRow[];
  goalMet: boolean;
}> {
  const stream = await benchStreamPhase();
  const main = stream.find((r) => r.flavour === 'async') as StreamRow;
  const goalMet = main.ratio <= GOAL_RATIO;
  row(
    `goal: async workflow ≤ ${GOAL_RATIO}x plain array per chunk`,
    `${goalMet ? 'met' : 'NOT met'} (${main.ratio.toFixed(2)}x)`,
  );
  const builtRow = await benchStreamBuilt();
  if (builtRow !== undefined) {
    row(
      `goal, built package: async workflow ≤ ${GOAL_RATIO}x plain array per chunk`,
      `${builtRow.ratio <= GOAL_RATIO ? 'met' : 'NOT met'} (${builtRow.ratio.toFixed(2)}x)`,
    );
  }
  await benchStreamBranch();
  const input = await benchInputPhase();
  return { stream, input, goalMet: goalMet && (builtRow === undefined || builtRow.ratio <= GOAL_RATIO) };
}
