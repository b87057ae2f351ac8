import type { LanguageModelV2CallWarning, SharedV2ProviderMetadata } from '@ai-sdk/provider';
import type { MastraMessagePart, ReasoningUIPart } from '../../messages/types.js';
import { emptyUsage } from '../../models/add-usage.js';
import type { FinishReason, LanguageModelUsage, ModelStreamPart } from '../../models/types.js';
import {
  ChunkFrom,
  type ChunkType,
  type FileChunk,
  type ReasoningDeltaChunk,
  type SourceChunk,
  type ToolCallChunk,
} from '../../stream/chunk-types.js';
import type { StepContentPart } from '../../stream/step-result.js';
import { Pieces, type ReasoningSlot, type TextSlot } from './step-text.js';
import { parseToolArgs, serializeToolArgs } from './tool-args.js';
import { ToolCallIds } from './tool-call-ids.js';

const AGENT = ChunkFrom.AGENT;

/**
 * Turns one step's normalised model parts into agent chunks while accumulating the step's
 * result and its stored message parts. One call per part, constant work per part: text is
 * appended to the open part, never re-joined.
 */
export class StepRecorder {
  readonly #text = new Pieces();

  /** The step's text so far (as emitted, after output processors). */
  get text(): string {
    return this.#text.toString();
  }

  /** The step's reasoning so far; `undefined` when the model sent none. */
  get reasoningText(): string | undefined {
    // Derived from the deltas kept anyway; read once per step.
    return this.reasoning.length === 0 ? undefined : this.reasoning.map((c) => c.payload.text).join('');
  }
  readonly reasoning: ReasoningDeltaChunk[] = [];
  readonly toolCalls: ToolCallChunk[] = [];
  /**
   * Raw argument text per tool call, keyed by the call's chunk (its position in the step), not
   * by id: the text is what the tool parses, and invalid JSON is reported as sent.
   */
  readonly rawToolInput = new Map<ToolCallChunk, string>();
  /** Successful results of provider-executed tools (e.g. web search), in stream order. */
  readonly providerToolResults: Array<{
    toolCallId: string;
    toolName: string;
    args: unknown;
    result: unknown;
  }> = [];
  readonly sources: SourceChunk[] = [];
  readonly files: FileChunk[] = [];
  readonly content: StepContentPart[] = [];
  readonly #parts: MastraMessagePart[] = [];
  /** Slots with deltas not yet joined into their parts. */
  #unjoined: Array<TextSlot | ReasoningSlot> = [];

  /** Message parts of this step, in stream order (their text complete). */
  get parts(): MastraMessagePart[] {
    this.#flush();
    return this.#parts;
  }
  usage: LanguageModelUsage = emptyUsage();
  finishReason: FinishReason = 'unknown';
  rawFinishReason: string | undefined;
  providerMetadata: SharedV2ProviderMetadata | undefined;
  warnings: LanguageModelV2CallWarning[] = [];
  response: { id?: string; timestamp?: Date; modelId?: string } = {};
  /** An `error` part the provider put in the stream. */
  streamError: { error: unknown } | undefined;
  sawFinish = false;

  /** Each text id's stored part and, once the part has ended, its `content` entry. */
  readonly #texts = new Map<string, TextSlot>();
  #late: MastraMessagePart[] = [];
  #sealed = false;
  readonly #openReasoning = new Map<string, ReasoningSlot>();
  readonly #runId: string;
  readonly #includeRaw: boolean;
  readonly #ids: ToolCallIds;

  /**
   * `conversationIds` lists the tool-call ids already in the conversation; a call reusing one
   * (or sending none) gets a unique id, see `ToolCallIds`.
   */
  constructor(runId: string, includeRaw = false, conversationIds?: () => Set<string>) {
    this.#runId = runId;
    this.#includeRaw = includeRaw;
    this.#ids = new ToolCallIds(conversationIds);
  }

  /**
   * Record one part; returns the chunk to emit, if the part has one. Throws a TypeError on a
   * part that breaks the stream-part contract (the caller turns it into the step's stream error).
   */
  record(part: ModelStreamPart): ChunkType | undefined {
    const runId = this.#runId;
    switch (part.type) {
      case 'text-delta': {
        if (typeof part.delta !== 'string') throw new TypeError('a text-delta needs a string "delta"');
        // Text is accumulated from what is finally emitted (see acceptTextDelta), so output
        // processors that drop or rewrite deltas change the result and the stored message too.
        return {
          type: 'text-delta',
          runId,
          from: AGENT,
          payload: part.providerMetadata
            ? { id: part.id, text: part.delta, providerMetadata: part.providerMetadata }
            : { id: part.id, text: part.delta },
        };
      }
      case 'text-start':
        this.#openTextPart(part.id);
        return {
          type: 'text-start',
          runId,
          from: AGENT,
          payload: { id: part.id, providerMetadata: part.providerMetadata },
        };
      case 'text-end': {
        const slot = this.#texts.get(part.id);
        if (slot && !slot.entry) {
          this.#flush();
          slot.entry = { type: 'text', text: slot.part.text, providerMetadata: part.providerMetadata };
          this.content.push(slot.entry);
        }
        return {
          type: 'text-end',
          runId,
          from: AGENT,
          payload: { id: part.id, providerMetadata: part.providerMetadata },
        };
      }
      case 'reasoning-start':
        this.#openReasoningPart(part.id);
        return {
          type: 'reasoning-start',
          runId,
          from: AGENT,
          payload: { id: part.id, providerMetadata: part.providerMetadata },
        };
      case 'reasoning-delta': {
        if (typeof part.delta !== 'string') throw new TypeError('a reasoning-delta needs a string "delta"');
        // The part opens here, in stream order; its text is recorded as it is finally emitted
        // (see acceptReasoningDelta), so output processors that redact reasoning change it too.
        if (!this.#openReasoning.has(part.id)) this.#openReasoningPart(part.id);
        return {
          type: 'reasoning-delta',
          runId,
          from: AGENT,
          payload: { id: part.id, text: part.delta, providerMetadata: part.providerMetadata },
        };
      }
      case 'reasoning-end': {
        const slot = this.#openReasoning.get(part.id);
        if (slot && !slot.entry) {
          this.#flush();
          const open = slot.part;
          if (part.providerMetadata) open.providerMetadata = part.providerMetadata;
          slot.entry = { type: 'reasoning', text: open.reasoning, providerMetadata: part.providerMetadata };
          this.content.push(slot.entry);
        }
        return {
          type: 'reasoning-end',
          runId,
          from: AGENT,
          payload: { id: part.id, providerMetadata: part.providerMetadata },
        };
      }
      case 'tool-input-start':
        return {
          type: 'tool-call-input-streaming-start',
          runId,
          from: AGENT,
          payload: {
            toolCallId: this.#ids.inputStart(part.id),
            toolName: part.toolName,
            providerExecuted: part.providerExecuted,
            providerMetadata: part.providerMetadata,
          },
        };
      case 'tool-input-delta':
        return {
          type: 'tool-call-delta',
          runId,
          from: AGENT,
          payload: {
            toolCallId: this.#ids.inputPart(part.id),
            argsTextDelta: part.delta,
            providerMetadata: part.providerMetadata,
          },
        };
      case 'tool-input-end':
        return {
          type: 'tool-call-input-streaming-end',
          runId,
          from: AGENT,
          payload: { toolCallId: this.#ids.inputPart(part.id), providerMetadata: part.providerMetadata },
        };
      case 'tool-call': {
        if (typeof part.input !== 'string') {
          throw new TypeError(
            `tool call "${String(part.toolName)}" has an "input" of type ${part.input === null ? 'null' : typeof part.input}; the spec requires the arguments as a JSON string`,
          );
        }
        const args = parseToolArgs(part.input);
        const toolCallId = this.#ids.call(part.toolCallId, part.providerExecuted);
        const chunk: ToolCallChunk = {
          type: 'tool-call',
          runId,
          from: AGENT,
          payload: {
            toolCallId,
            toolName: part.toolName,
            args,
            providerExecuted: part.providerExecuted,
            providerMetadata: part.providerMetadata,
          },
        };
        if (toolCallId !== part.toolCallId) chunk.payload.providerToolCallId = part.toolCallId;
        this.rawToolInput.set(chunk, part.input);
        this.toolCalls.push(chunk);
        this.content.push({
          type: 'tool-call',
          toolCallId,
          toolName: part.toolName,
          input: args ?? part.input,
          providerExecuted: part.providerExecuted,
        });
        this.#parts.push({
          type: 'tool-invocation',
          toolInvocation: {
            state: 'call',
            toolCallId,
            toolName: part.toolName,
            args: args ?? {},
          },
          providerExecuted: part.providerExecuted,
          providerMetadata: part.providerMetadata,
        });
        return chunk;
      }
      case 'tool-result': {
        // Provider-executed tools (e.g. web search) report their result inside the stream.
        const toolCallId = this.#ids.result(part.toolCallId);
        this.content.push({
          type: 'tool-result',
          toolCallId,
          toolName: part.toolName,
          input: undefined,
          output: part.result,
          providerExecuted: true,
        });
        this.#providerResult(toolCallId, part.toolName, part.result, part.isError);
        if (part.isError !== true) {
          const call = this.toolCalls.find((c) => c.payload.toolCallId === toolCallId);
          this.providerToolResults.push({
            toolCallId,
            toolName: part.toolName,
            args: call?.payload.args,
            result: part.result,
          });
        }
        return {
          type: 'tool-result',
          runId,
          from: AGENT,
          payload: {
            toolCallId,
            toolName: part.toolName,
            result: part.result,
            isError: part.isError,
            providerExecuted: true,
            providerMetadata: part.providerMetadata,
          },
        };
      }
      case 'file': {
        const base64 = typeof part.data === 'string' ? part.data : Buffer.from(part.data).toString('base64');
        const chunk: FileChunk = {
          type: 'file',
          runId,
          from: AGENT,
          payload: { data: part.data, base64, mimeType: part.mediaType },
        };
        this.files.push(chunk);
        this.content.push({ type: 'file', mediaType: part.mediaType, data: part.data });
        this.#parts.push({
          type: 'file',
          data: `data:${part.mediaType};base64,${base64}`,
          mimeType: part.mediaType,
        });
        return chunk;
      }
      case 'source': {
        const chunk: SourceChunk = {
          type: 'source',
          runId,
          from: AGENT,
          payload: {
            id: part.id,
            sourceType: part.sourceType,
            title: part.title,
            url: part.url,
            mimeType: part.mediaType,
            filename: part.filename,
            providerMetadata: part.providerMetadata,
          },
        };
        this.sources.push(chunk);
        this.content.push({ type: 'source', id: part.id, url: part.url, title: part.title });
        if (part.sourceType === 'url' && part.url) {
          this.#parts.push({
            type: 'source',
            source: { sourceType: 'url', id: part.id, url: part.url, title: part.title },
          });
        }
        return chunk;
      }
      case 'stream-start':
        this.warnings = part.warnings;
        return undefined;
      case 'response-metadata':
        if (part.id !== undefined) this.response.id = part.id;
        if (part.modelId !== undefined) this.response.modelId = part.modelId;
        if (part.timestamp !== undefined) this.response.timestamp = part.timestamp;
        return undefined;
      case 'finish':
        this.sawFinish = true;
        this.usage = part.usage;
        this.finishReason = part.finishReason;
        this.rawFinishReason = part.rawFinishReason;
        this.providerMetadata = part.providerMetadata;
        return undefined;
      case 'raw':
        return this.#includeRaw
          ? { type: 'raw', runId, from: AGENT, payload: { rawValue: part.rawValue } }
          : undefined;
      case 'error':
        this.streamError = { error: part.error };
        return undefined;
    }
  }

  /**
   * Record a text delta as it leaves the output processors (or the raw delta when there are
   * none). A delta a processor held back and released after its part ended still lands in it.
   */
  acceptTextDelta(id: string, text: string): void {
    this.#text.push(text);
    const slot = this.#texts.get(id) ?? this.#openTextPart(id);
    if (slot.entry || this.#sealed) {
      // Text after the part ended (or after the step was stored) lands at once: rare.
      slot.part.text += text;
      if (slot.entry) slot.entry.text += text;
      return;
    }
    if (slot.pending.length === 0) this.#unjoined.push(slot);
    slot.pending.push(text);
  }

  /**
   * Record a reasoning delta as it leaves the output processors (or the raw delta when there
   * are none). A delta a processor released after its part ended still lands in it.
   */
  acceptReasoningDelta(chunk: ReasoningDeltaChunk): void {
    this.reasoning.push(chunk);
    const { id, text } = chunk.payload;
    const slot = this.#openReasoning.get(id) ?? this.#openReasoningPart(id);
    if (slot.entry || this.#sealed) {
      this.#flush();
      slot.part.reasoning += text;
      (slot.part.details[0] as { text: string }).text += text;
      if (slot.entry) slot.entry.text += text;
      return;
    }
    if (slot.pending.length === 0) this.#unjoined.push(slot);
    slot.pending.push(text);
  }

  /**
   * Record tool-call input as it leaves the output processors: the call runs with the arguments
   * the client saw. A processor that replaced a call's `args` (a guardrail redacting them)
   * changes the recorded call, its stored part and the text the tool parses; one that replaced
   * nothing leaves the model's argument text as it was. Calls are settled once the step's output
   * was stored: a call released later (held past the step) keeps its arguments.
   */
  acceptToolInput(chunk: ChunkType): void {
    if (this.#sealed) return;
    if (chunk.type === 'tool-call-delta') {
      this.#streamedInput ??= new Map();
      const streamed = this.#streamedInput;
      const id = chunk.payload.toolCallId;
      streamed.set(id, (streamed.get(id) ?? '') + chunk.payload.argsTextDelta);
      return;
    }
    if (chunk.type !== 'tool-call') return;
    const id = chunk.payload.toolCallId;
    const streamed = this.#streamedInput?.get(id);
    this.#streamedInput?.delete(id);
    const calls = this.toolCalls;
    let index = -1;
    for (let i = calls.length - 1; i >= 0; i--) {
      if ((calls[i] as ToolCallChunk).payload.toolCallId === id) {
        index = i;
        break;
      }
    }
    const recorded = calls[index];
    if (recorded === undefined || recorded === chunk) return;
    const args = chunk.payload.args;
    const before = this.rawToolInput.get(recorded) ?? '';
    let raw = before;
    if (args !== recorded.payload.args)
      raw = args === undefined ? (streamed ?? before) : serializeToolArgs(args, streamed ?? before);
    else if (args === undefined && streamed !== undefined) raw = streamed;
    if (raw === before && args === recorded.payload.args) return;
    calls[index] = chunk;
    this.rawToolInput.delete(recorded);
    this.rawToolInput.set(chunk, raw);
    for (const entry of this.content) {
      if (entry.type === 'tool-call' && entry.toolCallId === id) entry.input = args ?? raw;
    }
    for (const part of this.#parts) {
      if (part.type === 'tool-invocation' && part.toolInvocation.toolCallId === id)
        part.toolInvocation = { ...part.toolInvocation, args: args ?? {} } as typeof part.toolInvocation;
    }
  }
  /** Argument text delivered per call id, for calls whose `args` a processor replaced. */
  #streamedInput: Map<string, string> | undefined;

  /** Joins pending deltas into their parts: before anything reads the parts. */
  #flush(): void {
    const unjoined = this.#unjoined;
    if (unjoined.length === 0) return;
    this.#unjoined = [];
    for (const slot of unjoined) {
      const joined = slot.pending.join('');
      slot.pending = [];
      const part = slot.part;
      if (part.type === 'text') part.text += joined;
      else {
        part.reasoning += joined;
        (part.details[0] as { text: string }).text += joined;
      }
    }
  }

  /** The step's parts were stored; parts opened from now on are collected by `takeLateParts`. */
  seal(): void {
    this.#flush();
    this.#sealed = true;
  }

  /** Parts opened after `seal()` (text a processor released late), once. */
  takeLateParts(): MastraMessagePart[] {
    const late = this.#late;
    this.#late = [];
    return late;
  }

  #openTextPart(id: string): TextSlot {
    const slot: TextSlot = { part: { type: 'text', text: '' }, pending: [] };
    this.#texts.set(id, slot);
    if (this.#sealed) {
      // Opened after the step was stored: no text-end will come, so its entry exists at once.
      this.#late.push(slot.part);
      slot.entry = { type: 'text', text: '' };
      this.content.push(slot.entry);
    } else {
      this.#parts.push(slot.part);
    }
    return slot;
  }

  #openReasoningPart(id: string): ReasoningSlot {
    const part: ReasoningUIPart = { type: 'reasoning', reasoning: '', details: [{ type: 'text', text: '' }] };
    const slot: ReasoningSlot = { part, pending: [] };
    this.#openReasoning.set(id, slot);
    if (this.#sealed) {
      // Opened after the step was stored: no reasoning-end will come, so its entry exists at once.
      this.#late.push(part);
      slot.entry = { type: 'reasoning', text: '' };
      this.content.push(slot.entry);
    } else this.#parts.push(part);
    return slot;
  }

  #providerResult(toolCallId: string, toolName: string, result: unknown, isError?: boolean): void {
    for (let i = this.#parts.length - 1; i >= 0; i--) {
      const p = this.#parts[i];
      if (p?.type === 'tool-invocation' && p.toolInvocation.toolCallId === toolCallId) {
        p.toolInvocation = { ...p.toolInvocation, state: 'result', result, isError };
        return;
      }
    }
    this.#parts.push({
      type: 'tool-invocation',
      toolInvocation: { state: 'result', toolCallId, toolName, args: {}, result, isError },
      providerExecuted: true,
    });
  }
}
