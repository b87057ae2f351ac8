/**
 * Per-step cost of the processor pipeline over a tool loop: a scripted model calls a trivial
 * tool 19 times and then answers (20 LLM steps, `maxSteps: 20`), run through `agent.generate()`
 * (which calls the scripted model's `doGenerate`: each step's answer is one set of chunks)
 *  - with 3 input processors (`processInput` + `processInputStep` returning undefined) and
 *    3 output processors (`processOutputStep` returning the messageList + pass-through
 *    `processOutputStream`), against
 *  - the same agent with no processors (the baseline), measured in the same process, the two
 *    interleaved run by run so JIT and GC drift hits both alike;
 *  - and the processor run again with `record: true` (the run record kept: a conversation
 *    snapshot around each hook, chunk counts, model and tool calls), to show what recording costs.
 */
import { Agent } from '../src/agent/index.js';
import type { InputProcessor, OutputProcessor } from '../src/processors/index.js';
import { ScriptedModel } from '../src/test/index.js';
import { createTool } from '../src/tools/index.js';
import { measureInterleaved, row } from './harness.js';

const STEPS = 20;
const PER_SIDE = 3;
/** A run takes a few ms, and step costs drift with JIT tiering: warm up long, interleave, take many runs. */
const WARMUP = 20;
const RUNS = 61;

const noop = createTool({
  id: 'noop',
  description: 'Does nothing',
  execute: () => ({ ok: true }),
});

const inputProcessors = (): InputProcessor[] =>
  Array.from({ length: PER_SIDE }, (_, i) => ({
    id: `in-${i}`,
    processInput: ({ messageList }) => messageList,
    processInputStep: () => undefined,
  }));

const outputProcessors = (): OutputProcessor[] =>
  Array.from({ length: PER_SIDE }, (_, i) => ({
    id: `out-${i}`,
    processOutputStep: ({ messageList }) => messageList,
    processOutputStream: async ({ part }) => part,
  }));

function script(): ScriptedModel {
  return new ScriptedModel({
    steps: (call) =>
      call.index < STEPS - 1
        ? { toolCalls: [{ toolName: 'noop', args: {}, toolCallId: `call-${call.index}` }] }
        : 'done',
  });
}

function runLoop(withProcessors: boolean, record = false): () => Promise<void> {
  return async () => {
    const agent = new Agent({
      id: 'bench',
      instructions: 'bench',
      model: script(),
      tools: { noop },
      maxSteps: STEPS,
      ...(withProcessors ? { inputProcessors: inputProcessors(), outputProcessors: outputProcessors() } : {}),
    });
    const result = await agent.generate('go', record ? { record: true } : {});
    if (result.steps.length !== STEPS || result.text !== 'done') {
      throw new Error(`tool loop ran ${result.steps.length} steps, text ${JSON.stringify(result.text)}`);
    }
  };
}

/** Run the benchmark and print per-step µs with and without processors, the difference and ratio. */
export async function benchStepOverhead(): Promise<{ perStepUs: number; ratio: number }> {
  const [bare, withProcessors, recorded] = (await measureInterleaved(
    [runLoop(false), runLoop(true), runLoop(true, true)],
    { warmup: WARMUP, runs: RUNS },
  )) as [number, number, number];
  const perStep = (ms: number) => (ms * 1000) / STEPS;
  console.log(
    `\nstep overhead: ${STEPS}-step tool loop, ${PER_SIDE} input + ${PER_SIDE} output processors (median of ${RUNS} interleaved runs)`,
  );
  row('no processors (baseline)', `${perStep(bare).toFixed(1)} µs/step`);
  row(`${PER_SIDE} input + ${PER_SIDE} output processors`, `${perStep(withProcessors).toFixed(1)} µs/step`);
  const diff = perStep(withProcessors) - perStep(bare);
  row('processor overhead per step', `${diff.toFixed(1)} µs/step`);
  row('ratio processors / baseline', `${(withProcessors / bare).toFixed(2)}x`);
  row('same processors, record: true', `${perStep(recorded).toFixed(1)} µs/step`);
  row('recording cost per step', `${(perStep(recorded) - perStep(withProcessors)).toFixed(1)} µs/step`);
  return { perStepUs: diff, ratio: withProcessors / bare };
}
