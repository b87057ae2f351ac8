/**
 * The run's own data, gathered as steps complete: totals, the response message being written,
 * and the checkpoint a step replay rolls back to. Plain data; no hooks, no chunks.
 */
import type { MessageList } from '../../messages/message-list.js';
import type { MastraDBMessage } from '../../messages/types.js';
import { addUsage, emptyUsage } from '../../models/add-usage.js';
import type { LanguageModelUsage } from '../../models/types.js';
import type { StructuredOutcome } from '../../processors/structured-output/structured-output.js';
import type { FinishChunk, ToolCallChunk, ToolResultChunk } from '../../stream/chunk-types.js';
import type { FullOutput } from '../../stream/model-output.js';
import type { LLMStepResult } from '../../stream/step-result.js';
import { PromptHistory } from './prompt-history.js';

/** Per-run totals, gathered as steps complete. */
export interface RunTotals {
  text: string;
  /**
   * The text as the client was sent it, kept when `processOutputResult` changed `text` (see
   * `result-text.ts`); `undefined` while the two are the same.
   */
  releasedText?: string;
  usage: LanguageModelUsage;
  steps: LLMStepResult[];
  toolCalls: ToolCallChunk[];
  toolResults: ToolResultChunk[];
  structured: StructuredOutcome<unknown> | undefined;
  /** Tokens spent on steps a processor rejected and had replayed. */
  rejectedUsage: LanguageModelUsage;
}

/** What a step replay must undo: messages added, the response's parts, the run totals. */
export interface Checkpoint {
  /** Messages added after this mark belong to the attempt. */
  mark: number;
  response: MastraDBMessage | undefined;
  responseId: string;
  text: string;
  usage: LanguageModelUsage;
  steps: number;
  toolCalls: number;
  toolResults: number;
  structured: StructuredOutcome<unknown> | undefined;
}

/** The run's data: what a step replay rolls back and what finalization reads. */
export class RunState<OUTPUT = unknown> {
  readonly totals: RunTotals = {
    text: '',
    usage: emptyUsage(),
    steps: [],
    toolCalls: [],
    toolResults: [],
    structured: undefined,
    rejectedUsage: emptyUsage(),
  };
  /**
   * The assistant message this run's steps are appended to; a new one starts when something
   * (a signal, a processor's message) was added after it, so the conversation keeps its order.
   */
  responseId: string;
  readonly responseCreatedAt = new Date();
  /** Tool-call ids handed out in this run, kept through step replays (see `ToolCallIds`). */
  readonly toolCallIds = new Set<string>();
  /** The steps' prompts, shared message by message, behind `step-start` `inputMessages`. */
  readonly prompts = new PromptHistory();
  /** The successful end, prepared before finalization so processors can see the finish chunk. */
  closing: { output: FullOutput<OUTPUT>; chunk: FinishChunk } | undefined;

  constructor(messageId: string) {
    this.responseId = messageId;
  }

  /** O(1): every step takes one, since error processors (on by default) may ask for a retry. */
  takeCheckpoint(list: MessageList): Checkpoint {
    const totals = this.totals;
    return {
      mark: list.insertionMark(),
      response: list.getMessageById(this.responseId),
      responseId: this.responseId,
      text: totals.text,
      usage: totals.usage,
      steps: totals.steps.length,
      toolCalls: totals.toolCalls.length,
      toolResults: totals.toolResults.length,
      structured: totals.structured,
    };
  }

  /**
   * Back to `checkpoint`; `spent` is the rolled-back attempt's usage: its tokens were spent, so
   * they count in `totalUsage`, not in `usage`.
   */
  restoreCheckpoint(list: MessageList, checkpoint: Checkpoint, spent: LanguageModelUsage | undefined): void {
    const totals = this.totals;
    list.rollbackTo(checkpoint.mark);
    if (checkpoint.response) list.add(checkpoint.response, 'response');
    this.responseId = checkpoint.responseId;
    if (spent) totals.rejectedUsage = addUsage(totals.rejectedUsage, spent);
    totals.text = checkpoint.text;
    totals.usage = checkpoint.usage;
    totals.steps.length = checkpoint.steps;
    totals.toolCalls.length = checkpoint.toolCalls;
    totals.toolResults.length = checkpoint.toolResults;
    totals.structured = checkpoint.structured;
  }

  /** `usage` plus the tokens of rejected attempts. */
  totalUsage(): LanguageModelUsage {
    return addUsage(this.totals.usage, this.totals.rejectedUsage);
  }
}
