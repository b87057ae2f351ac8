import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage, MastraMessagePart } from '../../messages/types.js';
import { createSignal, signalToDBMessage } from '../../pipeline/signals.js';
import type {
  OutputResult,
  ProcessInputStepArgs,
  ProcessOutputStreamArgs,
  ToolCallInfo,
} from '../../pipeline/types.js';
import * as processorsEntry from '../index.js';
import {
  type MessageContent,
  type MessagePart,
  MessagePartSchema,
  PROCESSOR_PHASES,
  type ProcessorMessage,
  ProcessorMessageSchema,
  type ProcessorPhase,
  type ProcessorStepInput,
  ProcessorStepInputSchema,
  type ProcessorStepOutput,
  ProcessorStepOutputSchema,
  ProcessorStepSchema,
} from './index.js';

const at = new Date(0);

/** One of every stored part type, including each tool-invocation state. */
const everyPart: MastraMessagePart[] = [
  { type: 'text', text: 'hello', providerMetadata: { openai: { itemId: 'x' } }, createdAt: 1 },
  {
    type: 'reasoning',
    reasoning: 'think',
    details: [
      { type: 'text', text: 'think', signature: 'sig' },
      { type: 'redacted', data: 'opaque' },
    ],
  },
  {
    type: 'tool-invocation',
    toolInvocation: { state: 'partial-call', toolCallId: 'c0', toolName: 't', args: {} },
  },
  {
    type: 'tool-invocation',
    toolInvocation: { state: 'call', toolCallId: 'c1', toolName: 't', args: { q: 1 } },
  },
  {
    type: 'tool-invocation',
    toolInvocation: {
      state: 'result',
      toolCallId: 'c2',
      toolName: 't',
      args: { q: 2 },
      result: { ok: true },
      step: 0,
    },
    providerExecuted: false,
  },
  { type: 'file', data: 'data:text/plain;base64,aGk=', mimeType: 'text/plain', filename: 'hi.txt' },
  { type: 'source', source: { sourceType: 'url', id: 's1', url: 'https://example.com', title: 'Example' } },
  { type: 'step-start' },
  { type: 'data-progress', id: 'd1', data: { percent: 50 } },
];

/** A real list: messages added through `add()` and read back as stored messages. */
function realList(): { list: MessageList; messages: MastraDBMessage[] } {
  const list = new MessageList({ threadId: 't', resourceId: 'r' });
  list.add('plain user text', 'input');
  list.add(
    {
      role: 'user',
      content: [{ type: 'image', image: 'https://example.com/cat.png', mediaType: 'image/png' }],
    },
    'input',
  );
  list.add(
    {
      id: 'a1',
      role: 'assistant',
      createdAt: at,
      content: { format: 2, parts: everyPart, content: 'hello', metadata: { custom: 1 } },
    },
    'response',
  );
  list.add(
    signalToDBMessage(createSignal({ type: 'system-reminder', contents: 'be brief' }, () => 'sig1')),
    'input',
  );
  return { list, messages: list.get.all.db() };
}

const usage = { inputTokens: 1, outputTokens: 2, totalTokens: 3 };

/** Valid data for each phase, built from the same list. */
function phaseData(): Record<ProcessorPhase, Record<string, unknown>> {
  const { list, messages } = realList();
  const system = [{ role: 'system' as const, content: 'be nice' }];
  return {
    input: { phase: 'input', messages, messageList: list, systemMessages: system, retryCount: 0 },
    inputStep: {
      phase: 'inputStep',
      messages,
      messageList: list,
      stepNumber: 0,
      runId: 'run',
      systemMessages: system,
      model: { provider: 'p', modelId: 'm', specificationVersion: 'v2' },
      tools: {},
      toolChoice: 'auto',
      activeTools: ['t'],
      providerOptions: { openai: { reasoningEffort: 'low' } },
      modelSettings: { temperature: 0 },
      structuredOutput: { schema: {} },
      steps: [],
      messageId: 'a1',
      rotateResponseMessageId: () => 'a2',
    },
    outputStream: {
      phase: 'outputStream',
      part: { type: 'text-delta', runId: 'run', from: 'AGENT', payload: { id: '1', text: 'hi' } },
      streamParts: [],
      state: {},
      messageList: list,
    },
    outputStep: {
      phase: 'outputStep',
      messages,
      messageList: list,
      stepNumber: 1,
      finishReason: 'stop',
      providerMetadata: { openai: { id: 'x' } },
      toolCalls: [{ toolName: 't', toolCallId: 'c1', args: { q: 1 } }],
      text: 'hello',
      usage,
    },
    toolResult: {
      phase: 'toolResult',
      messages,
      messageList: list,
      stepNumber: 0,
      toolName: 't',
      toolCallId: 'c2',
      args: { q: 2 },
      result: { ok: true },
      providerExecuted: false,
      steps: [],
    },
    outputResult: {
      phase: 'outputResult',
      messages,
      messageList: list,
      result: { text: 'hello', usage, finishReason: 'stop', steps: [] },
    },
  };
}

const issuePaths = (error: z.ZodError | undefined) =>
  (error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('processor step schemas (7.1)', () => {
  it('ProcessorStepSchema is the same object as ProcessorStepInputSchema', () => {
    expect(ProcessorStepSchema).toBe(ProcessorStepInputSchema);
  });

  it('is exported from sluice/processors', () => {
    expect(processorsEntry.ProcessorStepSchema).toBe(ProcessorStepInputSchema);
    expect(processorsEntry.ProcessorStepOutputSchema).toBe(ProcessorStepOutputSchema);
  });

  it('lists the six phases, one per workflow-capable hook', () => {
    expect(PROCESSOR_PHASES).toEqual([
      'input',
      'inputStep',
      'outputStream',
      'outputStep',
      'toolResult',
      'outputResult',
    ]);
  });

  it.each(PROCESSOR_PHASES)('accepts valid %s data built from a real MessageList', (phase) => {
    const result = ProcessorStepInputSchema.safeParse(phaseData()[phase]);
    expect(result.error?.issues).toBeUndefined();
    expect(result.success).toBe(true);
  });

  it('accepts a null part in outputStream', () => {
    const data = { ...phaseData().outputStream, part: null };
    expect(ProcessorStepInputSchema.safeParse(data).success).toBe(true);
  });

  it('every stored message of a real list passes ProcessorMessageSchema, signal messages included', () => {
    const { messages } = realList();
    expect(messages.map((m) => m.role)).toContain('signal');
    for (const message of messages) {
      const result = ProcessorMessageSchema.safeParse(message);
      expect(result.error?.issues).toBeUndefined();
    }
  });

  it('accepts a tool-role message (role enum of 7.1)', () => {
    const message = { id: 'x', role: 'tool', createdAt: at, content: { format: 2, parts: [] } };
    expect(ProcessorMessageSchema.safeParse(message).success).toBe(true);
  });

  it.each(everyPart.map((part) => [part.type, part] as const))(
    'MessagePartSchema accepts a %s part',
    (_t, part) => {
      expect(MessagePartSchema.safeParse(part).error?.issues).toBeUndefined();
    },
  );

  it('MessagePartSchema accepts an image part', () => {
    const part = { type: 'image', image: new URL('https://example.com/a.png'), mimeType: 'image/png' };
    expect(MessagePartSchema.safeParse(part).success).toBe(true);
  });

  it('MessagePartSchema rejects an unknown part type and a malformed known one', () => {
    expect(MessagePartSchema.safeParse({ type: 'nonsense' }).success).toBe(false);
    expect(MessagePartSchema.safeParse({ type: 'text' }).success).toBe(false);
    expect(
      MessagePartSchema.safeParse({ type: 'tool-invocation', toolInvocation: { state: 'done' } }).success,
    ).toBe(false);
  });

  it('rejects an unknown phase with an issue at `phase`', () => {
    const result = ProcessorStepInputSchema.safeParse({ ...phaseData().input, phase: 'llmRequest' });
    expect(result.success).toBe(false);
    expect(issuePaths(result.error)).toEqual(['phase']);
  });

  it('rejects missing required fields with issues naming them', () => {
    const { messageList: _l, ...noList } = phaseData().input;
    expect(issuePaths(ProcessorStepInputSchema.safeParse(noList).error)).toEqual(['messageList']);

    const { stepNumber: _s, toolName: _n, ...noStep } = phaseData().toolResult;
    expect(issuePaths(ProcessorStepInputSchema.safeParse(noStep).error).sort()).toEqual([
      'stepNumber',
      'toolName',
    ]);

    const { state: _st, ...noState } = phaseData().outputStream;
    expect(issuePaths(ProcessorStepInputSchema.safeParse(noState).error)).toEqual(['state']);
  });

  it('points into the bad message field of step data', () => {
    const data = phaseData().input;
    const [first, ...rest] = data.messages as MastraDBMessage[];
    const broken = { ...first, createdAt: 'yesterday' };
    const result = ProcessorStepInputSchema.safeParse({ ...data, messages: [broken, ...rest] });
    expect(issuePaths(result.error)).toEqual(['messages.0.createdAt']);
  });

  it('requires messageList to be a MessageList instance', () => {
    const result = ProcessorStepInputSchema.safeParse({ ...phaseData().input, messageList: { get: {} } });
    expect(result.error?.issues[0]?.message).toMatch(/MessageList instance/);
  });

  it('ProcessorStepOutputSchema accepts partial data and requires `phase`', () => {
    const { messages } = realList();
    expect(ProcessorStepOutputSchema.safeParse({ phase: 'input', messages }).success).toBe(true);
    expect(ProcessorStepOutputSchema.safeParse({ phase: 'toolResult', toolResultValue: 42 }).success).toBe(
      true,
    );
    const missing = ProcessorStepOutputSchema.safeParse({ messages });
    expect(issuePaths(missing.error)).toEqual(['phase']);
    expect(ProcessorStepOutputSchema.safeParse({ phase: 'llmResponse' }).success).toBe(false);
  });

  it('ProcessorStepOutputSchema accepts the full data of every phase', () => {
    for (const data of Object.values(phaseData())) {
      expect(ProcessorStepOutputSchema.safeParse(data).error?.issues).toBeUndefined();
    }
  });

  it('keeps unknown keys on steps, messages and parts (all objects are loose)', () => {
    const { list, messages } = realList();
    const extended = messages.map((m) => ({
      ...m,
      extra: 'message',
      content: {
        ...m.content,
        extra: 'content',
        parts: m.content.parts.map((p) => ({ ...p, extra: 'part' })),
      },
    }));
    const parsed = ProcessorStepInputSchema.parse({
      phase: 'input',
      messages: extended,
      messageList: list,
      extra: 1,
    });
    expect(parsed).toMatchObject({ extra: 1 });
    if (parsed.phase !== 'input') throw new Error('unreachable');
    expect(parsed.messageList).toBe(list);
    for (const message of parsed.messages) {
      expect(message).toMatchObject({ extra: 'message', content: { extra: 'content' } });
      for (const part of message.content.parts) expect(part).toMatchObject({ extra: 'part' });
    }
    const output = ProcessorStepOutputSchema.parse({ phase: 'outputStep', custom: true });
    expect(output).toMatchObject({ custom: true });
  });

  it('types: stored messages and hook arguments are assignable to step data', () => {
    const { messages } = realList();
    // Compile-time checks: a MastraDBMessage is a ProcessorMessage, and hook values fit their fields.
    const message: ProcessorMessage = messages[0] as MastraDBMessage;
    const content: MessageContent = message.content;
    const part: MessagePart = messages[0]?.content.parts[0] as MastraMessagePart;
    expect([message, content, part].every(Boolean)).toBe(true);

    expectTypeOf<MastraDBMessage>().toExtend<ProcessorMessage>();
    expectTypeOf<ToolCallInfo>().toExtend<NonNullable<ProcessorStepOutput['toolCalls']>[number]>();
    expectTypeOf<OutputResult>().toExtend<
      NonNullable<Extract<ProcessorStepInput, { phase: 'outputResult' }>['result']>
    >();
    expectTypeOf<ProcessOutputStreamArgs['part']>().toExtend<ProcessorStepOutput['part']>();
    expectTypeOf<ProcessInputStepArgs['model']>().toExtend<ProcessorStepOutput['model']>();
    expectTypeOf<ProcessorPhase>().toEqualTypeOf<
      'input' | 'inputStep' | 'outputStream' | 'outputStep' | 'toolResult' | 'outputResult'
    >();

    // The documented workflow read: `inputData['processor:pii-detector'].messages`.
    const inputData: Record<string, ProcessorStepOutput> = {
      'processor:pii-detector': { phase: 'input', messages },
    };
    expectTypeOf(inputData['processor:pii-detector']!.messages).toEqualTypeOf<
      ProcessorMessage[] | undefined
    >();
    expect(inputData['processor:pii-detector']?.messages).toBe(messages);
  });
});
