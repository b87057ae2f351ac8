/**
 * generate() and stream() parity: the same scenario run both ways calls every processor hook in
 * the same order with the same key arguments, sends the model the same prompts, and settles to
 * the same result. A recording processor (input and output lane) logs `hook:stepNumber` plus the
 * arguments that matter; run-specific ids and timestamps are left out.
 *
 * Today `generate()` is `stream()` read to the end, so both share one runner by construction;
 * these tests keep it that way if a separate non-streaming executor is ever added.
 */
import { Agent } from 'sluice/agent';
import type { MastraDBMessage } from 'sluice/memory';
import type { Processor } from 'sluice/processors';
import type { ChunkType, FullOutput } from 'sluice/stream';
import { ScriptedModel, type ScriptedStep } from 'sluice/test';
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
}

const dropB = {
  id: 'drop-b',
  processOutputStream: async ({ part }) =>
    part.type === 'text-delta' && part.payload.text === 'b' ? null : part,
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
  { name: 'an output processor dropping chunks', steps: [{ text: ['a', 'b', 'c', 'b'] }], before: [dropB] },
  {
    name: 'a tripwire',
    steps: [
      { toolCalls: [{ toolName: 'weather', args: { city: 'Oslo' }, toolCallId: 'c1' }] },
      { text: ['Here is the ', 'SECRET', ' answer.'] },
    ],
    before: [secretGuard],
  },
];

async function run(scenario: Scenario, mode: 'generate' | 'stream') {
  const log: string[] = [];
  const probe = recorder(log);
  const model = new ScriptedModel({ steps: scenario.steps });
  const agent = new Agent({
    id: 'parity',
    instructions: 'Be brief.',
    model,
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
  return { log, output, lastChunk, prompts: model.calls.map((c) => c.prompt) };
}

describe('generate() and stream() parity', () => {
  it.each(SCENARIOS)('$name: the same hook calls, arguments, prompts and result', async (scenario) => {
    const generated = await run(scenario, 'generate');
    const streamed = await run(scenario, 'stream');

    expect(generated.log.length).toBeGreaterThan(0);
    expect(streamed.log).toEqual(generated.log);
    expect(streamed.prompts).toEqual(generated.prompts);
    expect(summary(streamed.output)).toEqual(summary(generated.output));
  });

  it('the recorded sequence follows the documented order (one tool call, then an answer)', async () => {
    const { log } = await run(SCENARIOS[1] as Scenario, 'generate');
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
  });

  it('the scenarios end as documented: dropped chunks stay dropped, the tripwire is the last chunk', async () => {
    const dropped = await run(SCENARIOS[2] as Scenario, 'stream');
    expect(dropped.output.text).toBe('ac');
    expect(dropped.log.filter((l) => l.includes('text-delta "b"'))).toEqual([]);

    const tripped = await run(SCENARIOS[3] as Scenario, 'stream');
    expect(tripped.lastChunk).toBe('tripwire');
    expect(tripped.output.finishReason).toBe('other');
    expect(tripped.output.tripwire).toEqual({
      reason: 'secret detected',
      retry: undefined,
      metadata: { kind: 'secret' },
      processorId: 'secret-guard',
    });
    expect(tripped.output.text).not.toContain('SECRET');
    // processOutputResult does not run for a blocked run, in either mode.
    expect(tripped.log.some((l) => l.startsWith('processOutputResult'))).toBe(false);
  });
});
