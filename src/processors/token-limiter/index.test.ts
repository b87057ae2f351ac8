/**
 * TokenLimiter through the processor test kit: options, counting, the
 * request-trimming policy and its tripwires, memory-only trimming, and the output side.
 */
import type { LanguageModelV2Message, LanguageModelV2Prompt } from '@ai-sdk/provider';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../errors/configuration-error.js';
import { ProcessorError } from '../../errors/processor-error.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { StepSettings } from '../../pipeline/runner.js';
import { RequestContext } from '../../request-context/request-context.js';
import { ChunkFrom, type ChunkType } from '../../stream/chunk-types.js';
import { createProcessorHarness, finishChunk, textDelta } from '../../test/processor-harness.js';
import {
  CONVERSATION_OVERHEAD_TOKENS,
  FILE_PART_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
  TokenLimiter,
  type TokenLimiterOptions,
  TokenLimiterProcessor,
} from './index.js';

const bpe = (text: string) => countTokens(text);
const user = (text: string): LanguageModelV2Message => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): LanguageModelV2Message => ({
  role: 'assistant',
  content: [{ type: 'text', text }],
});
const system = (text: string): LanguageModelV2Message => ({ role: 'system', content: text });
/** Exact cost of a one-text message, unrounded. */
const cost = (text: string) => bpe(text) + MESSAGE_OVERHEAD_TOKENS;
const texts = (prompt: LanguageModelV2Prompt) =>
  prompt.map((m) =>
    typeof m.content === 'string'
      ? m.content
      : m.content.map((p) => ('text' in p ? p.text : p.type)).join(''),
  );

function toolPair(id: string, result: string): LanguageModelV2Message[] {
  return [
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: id, toolName: 'lookup', input: { q: id } }],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: id, toolName: 'lookup', output: { type: 'text', value: result } },
      ],
    },
  ];
}

/** Text of the first part of the last message. */
const lastText = (messages: MastraDBMessage[]) => {
  const part = messages.at(-1)?.content.parts[0];
  return part?.type === 'text' ? part.text : undefined;
};
const objectChunk = (object: unknown): ChunkType => ({
  type: 'object',
  runId: 'r',
  from: ChunkFrom.AGENT,
  object,
});

describe('TokenLimiter: construction', () => {
  it('takes the limit or an options object; id token-limiter; getMaxTokens returns the limit', () => {
    expect(new TokenLimiter(4000).getMaxTokens()).toBe(4000);
    expect(new TokenLimiter({ limit: 127000 }).getMaxTokens()).toBe(127000);
    expect(new TokenLimiter(10).id).toBe('token-limiter');
  });

  it('TokenLimiterProcessor is the same class', () => {
    expect(TokenLimiterProcessor).toBe(TokenLimiter);
    expect(new TokenLimiterProcessor(5)).toBeInstanceOf(TokenLimiter);
  });

  it.each<[string, unknown, string]>([
    ['a string limit', '4000', 'limit'],
    ['a zero limit', 0, 'limit'],
    ['a NaN limit', Number.NaN, 'limit'],
    ['no options', undefined, 'options'],
    ['an unknown strategy', { limit: 10, strategy: 'drop' }, 'strategy'],
    ['an unknown countMode', { limit: 10, countMode: 'total' }, 'countMode'],
    ['an unknown trimMode', { limit: 10, trimMode: 'oldest' }, 'trimMode'],
    ['atMaxRemoveTokens outside memory-only', { limit: 10, atMaxRemoveTokens: 2 }, 'atMaxRemoveTokens'],
    [
      'atMaxRemoveTokens at the limit',
      { limit: 10, trimMode: 'memory-only', atMaxRemoveTokens: 10 },
      'atMaxRemoveTokens',
    ],
    ['onMemoryTrim outside memory-only', { limit: 10, onMemoryTrim: async () => {} }, 'onMemoryTrim'],
    ['a tokenCounter without countMessage', { limit: 10, tokenCounter: {} }, 'tokenCounter'],
  ])('rejects %s with a ConfigurationError naming the option', (_, options, option) => {
    let error: unknown;
    try {
      new TokenLimiter(options as TokenLimiterOptions);
    } catch (caught) {
      error = caught;
    }
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect((error as ConfigurationError).code).toBe('PROCESSOR_INVALID_OPTIONS');
    expect((error as ConfigurationError).details).toEqual({ processor: 'TokenLimiter', option });
    expect((error as Error).message).toMatch(/^TokenLimiter: /);
  });

  it('the deprecated encoding option is accepted and ignored', async () => {
    const message = user('the same count either way');
    expect(
      await new TokenLimiter({ limit: 10, encoding: { name: 'cl100k_base' } }).countMessage(message),
    ).toBe(await new TokenLimiter(10).countMessage(message));
  });
});

describe('TokenLimiter: counting', () => {
  it('a message costs its exact o200k_base BPE tokens plus 3.8, rounded up', async () => {
    const text = 'Tokenizers split text into byte-pair merges: 東京は晴れ, {"a": [1, 2]}';
    expect(await new TokenLimiter(10).countMessage(user(text))).toBe(Math.ceil(bpe(text) + 3.8));
  });

  it('stored and prompt forms of the same tool exchange cost the same', async () => {
    const limiter = new TokenLimiter(10);
    const stored: MastraDBMessage = {
      id: 'm1',
      role: 'assistant',
      createdAt: new Date(0),
      content: {
        format: 2,
        parts: [
          {
            type: 'tool-invocation',
            toolInvocation: {
              state: 'result',
              toolCallId: 'c',
              toolName: 'lookup',
              args: { q: 'c' },
              result: 'found',
            },
          },
        ],
      },
    };
    const [call, result] = toolPair('c', 'found') as [LanguageModelV2Message, LanguageModelV2Message];
    const callTokens = bpe('lookup') + bpe('{"q":"c"}');
    const resultTokens = bpe('lookup') + bpe('found');
    expect(await limiter.countMessage(call)).toBe(Math.ceil(callTokens + 3.8));
    expect(await limiter.countMessage(result)).toBe(Math.ceil(resultTokens + 3.8));
    // One stored message holds both, and pays the per-message overhead once.
    expect(await limiter.countMessage(stored)).toBe(Math.ceil(callTokens + resultTokens + 3.8));
  });

  it(`a file part costs a flat ${FILE_PART_TOKENS} tokens, not its bytes`, async () => {
    const message: LanguageModelV2Message = {
      role: 'user',
      content: [{ type: 'file', data: 'A'.repeat(100_000), mediaType: 'image/png' }],
    };
    expect(await new TokenLimiter(10).countMessage(message)).toBe(Math.ceil(FILE_PART_TOKENS + 3.8));
  });

  it('special-token text typed by a user counts as plain text instead of throwing', async () => {
    expect(await new TokenLimiter(10).countMessage(user('<|endoftext|>'))).toBeGreaterThan(4);
  });

  it('tokenCounter replaces the built-in counter (sync and async), overhead included', async () => {
    const sync = new TokenLimiter({ limit: 10, tokenCounter: { countMessage: () => 7 } });
    const async_ = new TokenLimiter({ limit: 10, tokenCounter: { countMessage: async () => 9 } });
    expect(await sync.countMessage(user('x'))).toBe(7);
    expect(await async_.countMessage(user('x'))).toBe(9);
  });
});

describe('TokenLimiter: processLLMRequest trims the request', () => {
  const history = [
    user('q1 about the weather'),
    assistant('a1 sunny'),
    user('q2 about trains'),
    assistant('a2 late'),
  ];

  it('under the limit the prompt is forwarded unchanged (no copy)', async () => {
    const h = createProcessorHarness(new TokenLimiter(10_000));
    const prompt = [system('Be brief.'), ...history, user('q3?')];
    const run = await h.processLLMRequest({ prompt });
    expect(run.result.prompt).toBe(prompt);
  });

  it('over the limit the oldest messages go first; system messages stay where they were', async () => {
    const prompt = [system('Be brief.'), ...history, user('q3 what now?')];
    const keepLastThree =
      Math.ceil(cost('Be brief.')) +
      CONVERSATION_OVERHEAD_TOKENS +
      cost('q2 about trains') +
      cost('a2 late') +
      cost('q3 what now?');
    const h = createProcessorHarness(
      new TokenLimiter({ limit: Math.ceil(keepLastThree), trimMode: 'contiguous' }),
    );
    const run = await h.processLLMRequest({ prompt });
    expect(texts(run.result.prompt)).toEqual(['Be brief.', 'q2 about trains', 'a2 late', 'q3 what now?']);
  });

  it('budget = limit − system tokens − 24, messages at content + 3.8 summed unrounded', async () => {
    // Five messages: 5 × 3.8 = 19 exactly; rounding each message up would make it 20.
    const messages = ['one', 'two two', 'three three three', 'four', 'five five'].map(user);
    const content = ['one', 'two two', 'three three three', 'four', 'five five'].reduce(
      (n, t) => n + bpe(t),
      0,
    );
    const exact = Math.ceil(cost('S')) + CONVERSATION_OVERHEAD_TOKENS + content + 19;
    const prompt = [system('S'), ...messages];
    const fits = await createProcessorHarness(new TokenLimiter(exact)).processLLMRequest({ prompt });
    expect(fits.result.prompt).toBe(prompt);
    const short = await createProcessorHarness(new TokenLimiter(exact - 1)).processLLMRequest({ prompt });
    expect(texts(short.result.prompt)).toEqual(['S', 'two two', 'three three three', 'four', 'five five']);
  });

  it('a tool call and its result are dropped together, never one without the other', async () => {
    const prompt = [user('start'), ...toolPair('c1', 'result '.repeat(40)), assistant('done'), user('next?')];
    const room = CONVERSATION_OVERHEAD_TOKENS + cost('done') + cost('next?') + cost('start');
    const h = createProcessorHarness(new TokenLimiter(Math.ceil(room) + 5));
    const sent = (await h.processLLMRequest({ prompt })).result.prompt;
    expect(texts(sent)).toEqual(['start', 'done', 'next?']);
  });

  it('best-fit goes on past a message that does not fit; contiguous stops there', async () => {
    const big = 'long '.repeat(200);
    const prompt = [user('old small'), assistant(big), user('newest')];
    const limit = Math.ceil(CONVERSATION_OVERHEAD_TOKENS + cost('old small') + cost('newest')) + 2;
    const bestFit = await createProcessorHarness(new TokenLimiter(limit)).processLLMRequest({ prompt });
    expect(texts(bestFit.result.prompt)).toEqual(['old small', 'newest']);
    const contiguous = await createProcessorHarness(
      new TokenLimiter({ limit, trimMode: 'contiguous' }),
    ).processLLMRequest({ prompt });
    expect(texts(contiguous.result.prompt)).toEqual(['newest']);
  });

  it('the trimming is transient: the stored conversation keeps every message', async () => {
    // 33 − 24 overhead leaves 9: one 2-token message (5.8 with its overhead) fits, two do not.
    const h = createProcessorHarness(new TokenLimiter(33), {
      messages: ['first question', 'second question', 'third question'],
    });
    const run = await h.processLLMRequest();
    expect(texts(run.result.prompt)).toEqual(['third question']);
    expect(run.messages).toHaveLength(3);
  });

  it('tripwire when system messages alone use up the limit: reason and { systemTokens, limit }', async () => {
    const instructions = 'You are a meticulous assistant. '.repeat(10);
    const h = createProcessorHarness(new TokenLimiter(50));
    const run = await h.processLLMRequest({ prompt: [system(instructions), user('hi')] });
    expect(run.tripwire?.reason).toMatch(/^TokenLimiterProcessor: System messages alone exceed token limit/);
    expect(run.tripwire?.retry).toBe(false);
    expect(run.tripwire?.processorId).toBe('token-limiter');
    expect(run.tripwire?.metadata).toEqual({ systemTokens: Math.ceil(cost(instructions)), limit: 50 });
  });

  it('tripwire when nothing fits: { systemTokens, limit, remainingBudget, messageCount }', async () => {
    const h = createProcessorHarness(new TokenLimiter(60));
    const run = await h.processLLMRequest({
      prompt: [system('S'), user('a'), user('words '.repeat(100))],
    });
    const systemTokens = Math.ceil(cost('S'));
    expect(run.tripwire?.reason).toMatch(/^TokenLimiterProcessor: No messages fit within the token limit/);
    expect(run.tripwire?.retry).toBe(false);
    expect(run.tripwire?.metadata).toEqual({
      systemTokens,
      limit: 60,
      remainingBudget: 60 - systemTokens - CONVERSATION_OVERHEAD_TOKENS,
      messageCount: 2,
    });
  });

  it('the newest message not fitting is "nothing fits" in best-fit too: the request would lose its question', async () => {
    const h = createProcessorHarness(new TokenLimiter(60));
    const run = await h.processLLMRequest({ prompt: [user('small old'), user('huge '.repeat(100))] });
    expect(run.tripwire?.reason).toMatch(/No messages fit/);
  });

  it('tripwire when the request has no non-system message', async () => {
    const h = createProcessorHarness(new TokenLimiter(1000));
    const run = await h.processLLMRequest({ prompt: [system('only instructions')] });
    expect(run.tripwire?.reason).toMatch(/^TokenLimiterProcessor: No messages to send/);
    expect(run.tripwire?.metadata).toEqual({
      systemTokens: Math.ceil(cost('only instructions')),
      limit: 1000,
    });
  });

  it('a tokenCounter decides the costs, and a bad count fails naming the processor', async () => {
    const counted: string[] = [];
    const tokenCounter = {
      countMessage: async (m: LanguageModelV2Message | MastraDBMessage) => {
        counted.push(m.role);
        return m.role === 'system' ? 0 : 10;
      },
    };
    const prompt = [system('S'), user('a'), user('b'), user('c')];
    const h = createProcessorHarness(
      new TokenLimiter({ limit: CONVERSATION_OVERHEAD_TOKENS + 20, tokenCounter }),
    );
    expect(texts((await h.processLLMRequest({ prompt })).result.prompt)).toEqual(['S', 'b', 'c']);
    expect(counted).toEqual(['system', 'user', 'user', 'user']);

    const bad = createProcessorHarness(
      new TokenLimiter({ limit: 100, tokenCounter: { countMessage: () => Number.NaN } }),
    );
    const error = await bad.processLLMRequest({ prompt }).catch((e: unknown) => e);
    expect(ProcessorError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/token-limiter.*countMessage returned NaN/);
  });
});

describe('TokenLimiter: processInputStep', () => {
  it('defers to the prompt stage by default: the stored list is untouched', async () => {
    const h = createProcessorHarness(new TokenLimiter(40), {
      messages: ['one one one', 'two two two', 'three'],
    });
    const run = await h.processInputStep();
    expect(run.messages).toHaveLength(3);
  });

  it('with llmRequestStage: false (no prompt stage follows) it trims the stored list, oldest first', async () => {
    const h = createProcessorHarness(new TokenLimiter(33), {
      messages: ['one one one', 'two two two', 'three'],
    });
    const run = await h.processInputStep({ llmRequestStage: false } as Partial<StepSettings>);
    expect(run.messages.map((m) => m.content.parts[0]?.type === 'text' && m.content.parts[0].text)).toEqual([
      'three',
    ]);
  });

  it("with llmRequestStage: false the current run's tool traffic is kept over the limit", async () => {
    const big = 'result text '.repeat(40);
    const h = createProcessorHarness(new TokenLimiter(60), {
      messages: [
        'old question with quite a few words in it',
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'lookup', input: { q: 'x' } }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 't1',
              toolName: 'lookup',
              output: { type: 'text', value: big },
            },
          ],
        },
        // Newer than the tool traffic, so "the newest message is kept" does not keep it.
        'and then?',
      ] as never,
    });
    // This run's first step made call t1: it must survive, even though it alone exceeds the limit.
    const steps = [{ toolCalls: [{ payload: { toolCallId: 't1' } }], toolResults: [] }] as never;
    const run = await h.processInputStep({ llmRequestStage: false, steps } as Partial<StepSettings>);
    const ids = run.messages.flatMap((m) =>
      m.content.parts.flatMap((p) => (p.type === 'tool-invocation' ? [p.toolInvocation.toolCallId] : [])),
    );
    expect(ids).toContain('t1');
  });
});

describe('TokenLimiter: memory-only', () => {
  const words = (n: number, tag: string) => `${tag} ${'word '.repeat(n)}`;

  it('trims stored history in processInput, persistently, to limit − atMaxRemoveTokens; onMemoryTrim gets the removed messages', async () => {
    const onMemoryTrim = vi.fn(async () => {});
    const requestContext = new RequestContext();
    const limiter = new TokenLimiter({
      limit: 100,
      trimMode: 'memory-only',
      atMaxRemoveTokens: 50,
      onMemoryTrim,
    });
    const h = createProcessorHarness(limiter, {
      history: [words(20, 'h1'), words(20, 'h2'), words(20, 'h3')],
      messages: [words(5, 'now')],
      requestContext,
    });
    const run = await h.processInput();
    const left = run.messages.map((m) => (m.content.parts[0] as { text: string }).text.split(' ')[0]);
    // 24 overhead + ~24.8 per old message + ~10.8 for the newest: down to ≤ 50 keeps only the newest.
    expect(left).toEqual(['now']);
    expect(onMemoryTrim).toHaveBeenCalledTimes(1);
    const [removed, context] = onMemoryTrim.mock.calls[0] as unknown as [MastraDBMessage[], RequestContext];
    expect(removed.map((m) => (m.content.parts[0] as { text: string }).text.split(' ')[0])).toEqual([
      'h1',
      'h2',
      'h3',
    ]);
    expect(context).toBe(requestContext);
  });

  it('atMaxRemoveTokens defaults to 25 % of the limit', async () => {
    // 24 + 3 × ~24.8 + ~10.8 ≈ 109 > 100: trim to ≤ 75 removes two old messages, not one.
    const h = createProcessorHarness(new TokenLimiter({ limit: 100, trimMode: 'memory-only' }), {
      history: [words(20, 'h1'), words(20, 'h2'), words(20, 'h3')],
      messages: [words(5, 'now')],
    });
    const run = await h.processInput();
    expect(run.messages.map((m) => (m.content.parts[0] as { text: string }).text.split(' ')[0])).toEqual([
      'h3',
      'now',
    ]);
  });

  it('under the limit nothing is trimmed and onMemoryTrim is not called; the newest message is never removed', async () => {
    const onMemoryTrim = vi.fn(async () => {});
    const small = createProcessorHarness(
      new TokenLimiter({ limit: 1000, trimMode: 'memory-only', onMemoryTrim }),
      {
        messages: ['a', 'b'],
      },
    );
    expect((await small.processInput()).messages).toHaveLength(2);
    const huge = createProcessorHarness(
      new TokenLimiter({ limit: 30, trimMode: 'memory-only', onMemoryTrim }),
      {
        messages: [words(100, 'only')],
      },
    );
    expect((await huge.processInput()).messages).toHaveLength(1);
    expect(onMemoryTrim).not.toHaveBeenCalled();
  });

  it('leaves requests and output alone', async () => {
    const h = createProcessorHarness(new TokenLimiter({ limit: 30, trimMode: 'memory-only' }));
    const prompt = [user(words(50, 'a')), user(words(50, 'b'))];
    expect((await h.processLLMRequest({ prompt })).result.prompt).toBe(prompt);
    const out = await h.processOutputStream([words(100, 'long'), finishChunk()]);
    expect(out.dropped).toEqual([]);
    expect(out.written).toEqual([]);
  });
});

describe('TokenLimiter: output stream', () => {
  const delta = (n: number) => 'go '.repeat(n); // n tokens: "go" + n−1 × " go" + trailing " "? counted below

  it('cumulative + truncate: text passes up to the limit, then everything counted is withheld; one transient notice', async () => {
    const parts = ['Hello there.', ' How are', ' you doing', ' today?', ' Fine.'];
    const limit = bpe(parts[0]!) + bpe(parts[1]!);
    const h = createProcessorHarness(new TokenLimiter(limit));
    const run = await h.processOutputStream([...parts, finishChunk()]);
    expect(run.chunks.map((c) => c.type)).toEqual(['text-delta', 'text-delta', 'finish']);
    expect(run.dropped.map((c) => (c.type === 'text-delta' ? c.payload.text : c.type))).toEqual(
      parts.slice(2),
    );
    expect(run.written).toEqual([
      {
        type: 'data-token-limit-reached',
        data: { processorId: 'token-limiter', limit, tokens: limit + bpe(parts[2]!) },
        transient: true,
      },
    ]);
    // Calls on one harness are one run: still over the limit, and no second notice.
    const later = await h.processOutputStream(['x']);
    expect(later.dropped).toHaveLength(1);
    expect(later.written).toEqual([]);
  });

  it('part mode judges each chunk alone: only a chunk over the limit is withheld', async () => {
    const h = createProcessorHarness(new TokenLimiter({ limit: 5, countMode: 'part' }));
    const run = await h.processOutputStream(['one two', delta(30), 'three four', 'five']);
    expect(run.chunks.map((c) => (c.type === 'text-delta' ? c.payload.text : ''))).toEqual([
      'one two',
      'three four',
      'five',
    ]);
    expect(run.written).toHaveLength(1);
  });

  it("abort: the run ends with 'Token limit of <limit> exceeded (current: <n>)'", async () => {
    const h = createProcessorHarness(new TokenLimiter({ limit: 3, strategy: 'abort' }));
    const run = await h.processOutputStream(['one two', ' three four']);
    const current = bpe('one two') + bpe(' three four');
    expect(run.tripwire?.reason).toBe(`Token limit of 3 exceeded (current: ${current})`);
    expect(run.tripwire?.retry).toBe(false);
    expect(run.tripwire?.metadata).toEqual({ limit: 3, tokens: current });
  });

  it('tokenCounter.countText counts the output when given (called on its own object)', async () => {
    const tokenCounter = {
      perChar: 1,
      countMessage: () => 1,
      countText(text: string) {
        return text.length * this.perChar;
      },
    };
    const h = createProcessorHarness(new TokenLimiter({ limit: 10, tokenCounter }));
    const run = await h.processOutputStream(['12345', '67890', 'x']);
    expect(run.dropped.map((c) => (c.type === 'text-delta' ? c.payload.text : ''))).toEqual(['x']);
  });

  it('only text deltas and object chunks count: reasoning and tool chunks pass whatever their size', async () => {
    const h = createProcessorHarness(new TokenLimiter(2));
    const reasoning: ChunkType = {
      type: 'reasoning-delta',
      runId: 'r',
      from: ChunkFrom.AGENT,
      payload: { id: 'r1', text: 'thinking '.repeat(50) },
    } as ChunkType;
    const toolCall: ChunkType = {
      type: 'tool-call',
      runId: 'r',
      from: ChunkFrom.AGENT,
      payload: { toolCallId: 'c', toolName: 't', args: { text: 'x '.repeat(50) } },
    };
    const run = await h.processOutputStream([reasoning, toolCall, textDelta('ok')]);
    expect(run.dropped).toEqual([]);
  });

  it('object chunks streamed without text count by their JSON; beside text they add nothing', async () => {
    const big = { items: Array.from({ length: 40 }, (_, i) => `item ${i}`) };
    const alone = await createProcessorHarness(new TokenLimiter(20)).processOutputStream([
      objectChunk({ items: [] }),
      objectChunk(big),
    ]);
    expect(alone.chunks).toHaveLength(1);
    expect(alone.written[0]).toMatchObject({ data: { tokens: bpe(JSON.stringify(big)) } });

    const withText = await createProcessorHarness(new TokenLimiter(20)).processOutputStream([
      textDelta('{"items":'),
      objectChunk(big),
    ]);
    expect(withText.dropped).toEqual([]);
  });
});

describe('TokenLimiter: processOutputResult (answers that were not streamed through it)', () => {
  it('truncates the answer text to the limit and writes the notice', async () => {
    const answer = 'The quick brown fox jumps over the lazy dog. '.repeat(5);
    const h = createProcessorHarness(new TokenLimiter(12));
    const run = await h.processOutputResult({ text: answer });
    const text = lastText(run.messages) ?? '';
    expect(answer.startsWith(text)).toBe(true);
    expect(bpe(text)).toBeLessThanOrEqual(12);
    expect(bpe(text)).toBeGreaterThanOrEqual(11);
    expect(run.messages.at(-1)?.content.content).toBe(text);
    expect(run.written).toEqual([
      {
        type: 'data-token-limit-reached',
        data: { processorId: 'token-limiter', limit: 12, tokens: bpe(answer) },
        transient: true,
      },
    ]);
  });

  it('abort strategy aborts instead', async () => {
    const h = createProcessorHarness(new TokenLimiter({ limit: 5, strategy: 'abort' }));
    const run = await h.processOutputResult({ text: 'one two three four five six seven' });
    expect(run.tripwire?.reason).toMatch(/^Token limit of 5 exceeded \(current: \d+\)$/);
  });

  it('does nothing when the stream hook already counted the output', async () => {
    const h = createProcessorHarness(new TokenLimiter(3));
    await h.processOutputStream(['a b']);
    const run = await h.processOutputResult({ text: 'a b c d e f g h i j' });
    expect(lastText(run.messages)).toBe('a b c d e f g h i j');
  });
});
