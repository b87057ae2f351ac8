/**
 * generate() and stream() parity: the same scenario run both ways calls every processor hook in
 * the same order with the same key arguments, sends the model the same prompts, and settles to
 * the same result. A recording processor (input and output lane) logs `hook:stepNumber` plus the
 * arguments that matter; run-specific ids and timestamps are left out.
 *
 * Both model methods are covered. `generate()` calls the model's `doGenerate` when it has one
 * (the answer then reaches the processors as one chunk per content part: one text delta per text
 * block, no partial tool input), `stream()` calls `doStream`:
 *  - with a model that only streams, both modes read the same stream, so their logs are equal
 *    chunk for chunk;
 *  - with a model that has both methods, the logs are equal once chunk granularity is set aside
 *    (consecutive text deltas merged, partial tool-input chunks left out, see `coarse`).
 */
import { Agent } from 'sluice/agent';
import type { MastraDBMessage } from 'sluice/memory';
import type { Processor } from 'sluice/processors';
import type { ChunkType, FullOutput } from 'sluice/stream';
import { ScriptedModel, type ScriptedStep, streamOnly } from 'sluice/test';
import { createTool } from 'sluice/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const weather = createTool({
  id: 'weather',
  description: 'Weather for a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, tempC: 4 }),
});

const json = (value: unknown) => JSON.stringify(value);

function messageText(message: MastraDBMessage): string {
  return message.content.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
}

/** The facts of a chunk that do not depend on the run (no runId, message ids or timestamps). */
function chunkKey(part: ChunkType): string {
  switch (part.type) {
    case 'text-delta':
      return `text-delta ${json(part.payload.text)}`;
    case 'tool-call':
      return `tool-call ${part.payload.toolName} ${part.payload.toolCallId} ${json(part.payload.args)}`;
    case 'tool-result':
      return `tool-result ${part.payload.toolName} ${part.payload.toolCallId} ${json(part.payload.result)}`;
    case 'step-finish':
      return `step-finish ${part.payload.stepResult.reason} ${json(part.payload.output.usage)}`;
    case 'finish':
      return `finish ${part.payload.stepResult.reason}`;
    case 'step-start':
      return `step-start ${json(part.payload.inputMessages)}`;
    default:
      return part.type;
  }
}

/** A processor for both lanes that logs every hook call. */
function recorder(log: string[]) {
  // processOutputStream has no stepNumber argument; it is tagged with the step last entered.
  let step = -1;
  return {
    id: 'recorder',
    processInput: ({ messages, systemMessages, messageList }) => {
      log.push(`processInput:- ${json({ messages: messages.map(messageText), systemMessages })}`);
      return messageList;
    },
    processInputStep: ({ stepNumber, steps, messages, systemMessages, toolChoice, model, tools }) => {
      step = stepNumber;
      log.push(
        `processInputStep:${stepNumber} ${json({
          steps: steps.length,
          messages: messages.map((m) => [m.role, messageText(m)]),
          systemMessages,
          toolChoice,
          model: model.modelId,
          tools: Object.keys(tools ?? {}),
        })}`,
      );
    },
    processLLMRequest: ({ stepNumber, steps, prompt }) => {
      log.push(`processLLMRequest:${stepNumber} ${json({ steps: steps.length, prompt })}`);
    },
    processLLMResponse: ({ stepNumber, steps, chunks, fromCache }) => {
      log.push(`processLLMResponse:${stepNumber} ${json({ steps: steps.length, chunks, fromCache })}`);
    },
    processOutputStream: async ({ part }) => {
      log.push(`processOutputStream:${step} ${chunkKey(part)}`);
      return part;
    },
    processOutputStep: ({ stepNumber, text, toolCalls, finishReason, usage, steps, messageList }) => {
      log.push(
        `processOutputStep:${stepNumber} ${json({ text, toolCalls, finishReason, usage, steps: steps.length })}`,
      );
      return messageList;
    },
    processToolResult: ({ stepNumber, toolName, toolCallId, args, result, messageList }) => {
      log.push(`processToolResult:${stepNumber} ${json({ toolName, toolCallId, args, result })}`);
      return messageList;
    },
    processOutputResult: ({ result, messages, messageList }) => {
      log.push(
        `processOutputResult:- ${json({
          text: result.text,
          finishReason: result.finishReason,
          usage: result.usage,
          steps: result.steps.length,
          messages: messages.map(messageText),
        })}`,
      );
      return messageList;
    },
  } satisfies Processor;
}

/** The run-independent facts of a settled output. */
function summary(output: FullOutput) {
  return {
    text: output.text,
    finishReason: output.finishReason,
    usage: output.usage,
    tripwire: output.tripwire,
    steps: output.steps.map((s) => ({
      text: s.text,
      finishReason: s.finishReason,
      toolCalls: s.toolCalls.map((c) => c.payload),
      toolResults: s.toolResults.map((r) => r.payload),
    })),
    toolResults: output.toolResults.map((r) => r.payload),
    responseTexts: output.response.dbMessages?.map(messageText),
  };
}

interface Scenario {
  name: string;
  steps: ScriptedStep[];
  /** Output processors placed before the recorder. */
  before?: Processor[];
  /** Its processors act on individual deltas, so a one-shot answer (doGenerate) differs. */
  perChunk?: boolean;
}

const dropB = {
  id: 'drop-b',
  processOutputStream: async ({ part }) =>
    part.type === 'text-delta' && part.payload.text === 'b' ? null : part,
} satisfies Processor;

/** Rewrites text whatever its chunking: every "b" leaves every delta. */
const stripB = {
  id: 'strip-b',
  processOutputStream: async ({ part }) =>
    part.type === 'text-delta'
      ? { ...part, payload: { ...part.payload, text: part.payload.text.replaceAll('b', '') } }
      : part,
} satisfies Processor;

/** Post-processes the final answer (upper case), as the seeds' `processOutputResult` examples do. */
const shoutResult = {
  id: 'shout-result',
  processOutputResult: ({ messages }) =>
    messages.map((m) => ({
      ...m,
      content: {
        ...m.content,
        parts: m.content.parts.map((p) => (p.type === 'text' ? { ...p, text: p.text.toUpperCase() } : p)),
      },
    })),
} satisfies Processor;

const secretGuard = {
  id: 'secret-guard',
  processOutputStream: async ({ part, abort }) => {
    if (part.type === 'text-delta' && part.payload.text.includes('SECRET'))
      abort('secret detected', { metadata: { kind: 'secret' } });
    return part;
  },
} satisfies Processor;

const SCENARIOS: Scenario[] = [
  {
    name: 'a text answer',
    steps: [{ text: ['Hello ', 'there'], usage: { inputTokens: 7, outputTokens: 2 } }],
  },
  {
    name: 'one tool call, then an answer',
    steps: [
      { toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] },
      { text: ['It is ', 'cold.'] },
    ],
  },
  {
    name: 'an output processor dropping chunks',
    steps: [{ text: ['a', 'b', 'c', 'b'] }],
    before: [dropB],
    perChunk: true,
  },
  {
    name: 'an output processor rewriting text',
    steps: [{ text: ['a', 'b', 'c', 'b'] }],
    before: [stripB],
  },
  {
    name: 'processOutputResult rewriting the answer',
    steps: [{ text: ['Hello ', 'there'] }],
    before: [shoutResult],
  },
  {
    name: 'a tripwire',
    steps: [
      { toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] },
      { text: ['Here is the ', 'SECRET', ' answer.'] },
    ],
    before: [secretGuard],
    // Streamed, the text before the secret goes out first; in one go, nothing does.
    perChunk: true,
  },
];

function scenarioNamed(name: string): Scenario {
  const scenario = SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new Error(`no scenario named ${name}`);
  return scenario;
}

/** Which model methods the scenario's model offers. */
type ModelKind = 'doStream and doGenerate' | 'doStream only';

/** The scripted model, or the same model exposing only its `doStream`. */
function modelOf(scripted: ScriptedModel, kind: ModelKind) {
  return kind === 'doStream and doGenerate' ? scripted : streamOnly(scripted);
}

async function run(scenario: Scenario, mode: 'generate' | 'stream', kind: ModelKind = 'doStream only') {
  const log: string[] = [];
  const probe = recorder(log);
  const model = new ScriptedModel({ steps: scenario.steps });
  const agent = new Agent({
    id: 'parity',
    instructions: 'Be brief.',
    model: modelOf(model, kind),
    tools: { weather },
    inputProcessors: [probe],
    outputProcessors: [...(scenario.before ?? []), probe] as Processor[] as never,
  });
  let output: FullOutput;
  let lastChunk: string | undefined;
  if (mode === 'generate') {
    output = await agent.generate('weather in Oslo?');
  } else {
    const streamed = await agent.stream('weather in Oslo?');
    const chunks: ChunkType[] = [];
    for await (const chunk of streamed.fullStream) chunks.push(chunk);
    lastChunk = chunks.at(-1)?.type;
    output = await streamed.getFullOutput();
  }
  return {
    log,
    output,
    lastChunk,
    prompts: model.calls.map((c) => c.prompt),
    methods: model.calls.map((c) => c.method),
  };
}

/** Chunks that exist only when streaming: the arguments of a tool call as they arrive. */
const PARTIAL_TOOL_INPUT = new Set([
  'tool-call-input-streaming-start',
  'tool-call-delta',
  'tool-call-input-streaming-end',
]);

/** Chunk keys with partial tool input left out and consecutive text deltas merged into one. */
function coarseKeys(chunks: ChunkType[]): string[] {
  const keys: string[] = [];
  let text: string | undefined;
  for (const chunk of chunks) {
    if (PARTIAL_TOOL_INPUT.has(chunk.type)) continue;
    if (chunk.type === 'text-delta') {
      text = (text ?? '') + chunk.payload.text;
      continue;
    }
    if (text !== undefined) keys.push(chunkKey({ type: 'text-delta', payload: { text } } as ChunkType));
    text = undefined;
    keys.push(chunkKey(chunk));
  }
  if (text !== undefined) keys.push(chunkKey({ type: 'text-delta', payload: { text } } as ChunkType));
  return keys;
}

/**
 * A log with chunk granularity set aside: per step, the run of `processOutputStream` lines and
 * the chunks `processLLMResponse` received, as {@link coarseKeys}.
 */
function coarse(log: string[]): string[] {
  const out: string[] = [];
  let pending: { step: string; text: string } | undefined;
  const flush = () => {
    if (pending) out.push(`processOutputStream:${pending.step} text-delta ${json(pending.text)}`);
    pending = undefined;
  };
  for (const line of log) {
    const [hook = '', ...rest] = line.split(' ');
    const body = rest.join(' ');
    if (hook.startsWith('processOutputStream:')) {
      const step = hook.slice('processOutputStream:'.length);
      if (PARTIAL_TOOL_INPUT.has(body)) continue;
      if (body.startsWith('text-delta ')) {
        const delta = JSON.parse(body.slice('text-delta '.length)) as string;
        if (pending && pending.step !== step) flush();
        pending = { step, text: (pending?.text ?? '') + delta };
        continue;
      }
    }
    flush();
    if (hook.startsWith('processLLMResponse:')) {
      const args = JSON.parse(body) as { chunks: ChunkType[] };
      out.push(`${hook} ${json({ ...args, chunks: coarseKeys(args.chunks) })}`);
    } else out.push(line);
  }
  flush();
  return out;
}

describe('generate() and stream() parity', () => {
  it.each(SCENARIOS)(
    '$name: the same hook calls, arguments, prompts and result (doStream-only model)',
    async (scenario) => {
      const generated = await run(scenario, 'generate');
      const streamed = await run(scenario, 'stream');

      expect(generated.log.length).toBeGreaterThan(0);
      expect(streamed.log).toEqual(generated.log);
      expect(streamed.prompts).toEqual(generated.prompts);
      expect(summary(streamed.output)).toEqual(summary(generated.output));
      expect(new Set([...generated.methods, ...streamed.methods])).toEqual(new Set(['stream']));
    },
  );

  it.each(SCENARIOS.filter((s) => !s.perChunk))(
    '$name: generate() through doGenerate matches stream() through doStream, chunk granularity aside',
    async (scenario) => {
      const generated = await run(scenario, 'generate', 'doStream and doGenerate');
      const streamed = await run(scenario, 'stream', 'doStream and doGenerate');

      expect(new Set(generated.methods)).toEqual(new Set(['generate']));
      expect(new Set(streamed.methods)).toEqual(new Set(['stream']));
      expect(generated.log.length).toBeGreaterThan(0);
      expect(coarse(generated.log)).toEqual(coarse(streamed.log));
      expect(generated.prompts).toEqual(streamed.prompts);
      expect(summary(generated.output)).toEqual(summary(streamed.output));
    },
  );

  it('through doGenerate, a text block reaches processOutputStream as one delta', async () => {
    const { log } = await run(scenarioNamed('a text answer'), 'generate', 'doStream and doGenerate');
    expect(
      log.filter((line) => line.startsWith('processOutputStream') && line.includes('text-delta')),
    ).toEqual(['processOutputStream:0 text-delta "Hello there"']);
  });

  it.each<ModelKind>(['doStream only', 'doStream and doGenerate'])(
    'the recorded sequence follows the documented order (one tool call, then an answer; %s)',
    async (kind) => {
      const { log } = await run(scenarioNamed('one tool call, then an answer'), 'generate', kind);
      const order = log
        .map((line) => line.split(' ')[0] as string)
        .filter((name, i, all) => !(name.startsWith('processOutputStream') && all[i - 1] === name));

      expect(order).toEqual([
        'processInput:-',
        'processInputStep:0',
        'processLLMRequest:0',
        'processOutputStream:0',
        'processLLMResponse:0',
        'processOutputStep:0',
        'processToolResult:0',
        'processOutputStream:0',
        'processInputStep:1',
        'processLLMRequest:1',
        'processOutputStream:1',
        'processLLMResponse:1',
        'processOutputStep:1',
        'processOutputStream:1',
        'processOutputResult:-',
        // The run's finish chunk, after processOutputResult.
        'processOutputStream:1',
      ]);
    },
  );

  it('the scenarios end as documented: dropped chunks stay dropped, the tripwire is the last chunk', async () => {
    const dropped = await run(scenarioNamed('an output processor dropping chunks'), 'stream');
    expect(dropped.output.text).toBe('ac');
    expect(dropped.log.filter((l) => l.includes('text-delta "b"'))).toEqual([]);

    for (const kind of ['doStream only', 'doStream and doGenerate'] as const) {
      for (const mode of ['generate', 'stream'] as const) {
        const shouted = await run(scenarioNamed('processOutputResult rewriting the answer'), mode, kind);
        expect(shouted.output.text).toBe('HELLO THERE');
        expect(shouted.output.steps.at(-1)?.text).toBe('HELLO THERE');
      }
    }

    const tripped = await run(scenarioNamed('a tripwire'), 'stream');
    expect(tripped.lastChunk).toBe('tripwire');
    expect(tripped.output.finishReason).toBe('other');
    expect(tripped.output.tripwire).toEqual({
      reason: 'secret detected',
      retry: undefined,
      metadata: { kind: 'secret' },
      processorId: 'secret-guard',
    });
    expect(tripped.output.text).not.toContain('SECRET');
    // Through doGenerate the whole answer is one delta: the guard trips on it the same way.
    const oneShot = await run(scenarioNamed('a tripwire'), 'generate', 'doStream and doGenerate');
    expect(oneShot.output.tripwire).toEqual(tripped.output.tripwire);
    expect(oneShot.output.text).toBe('');
    expect(oneShot.methods).toEqual(['generate', 'generate']);
    // processOutputResult does not run for a blocked run, in either mode.
    expect(tripped.log.some((l) => l.startsWith('processOutputResult'))).toBe(false);
  });
});
