import type { LanguageModelV2Prompt } from '@ai-sdk/provider';
import type { RunUsageContext } from '../../cost/run-usage.js';
import { SluiceError } from '../../errors/sluice-error.js';
import type { MastraDBMessage } from '../../messages/types.js';
import type { ModelConfig, StructuredOutputOptions } from '../../models/call-settings.js';
import { resolveModel } from '../../models/resolve-model.js';
import type { LanguageModelUsage, MastraLanguageModel } from '../../models/types.js';
import type {
  ProcessOutputStepArgs,
  ProcessOutputStreamArgs,
  Processor,
  ProcessorState,
} from '../../pipeline/types.js';
import { ChunkFrom, type ChunkType } from '../../stream/chunk-types.js';
import { untilAborted } from '../../util/until-aborted.js';
import { withHookDefaults } from '../direct-call/index.js';
import { describeOptionValue, invalidOptionFor } from '../option-errors.js';
import { structuringAgentCall } from './agent-call.js';
import {
  parseStructuredOutput,
  reportStructuring,
  type StructuredOutcome,
  structuredFailure,
  structuredOutputFormat,
  structuredOutputOptionsProblem,
} from './structured-output.js';

/** Options of `StructuredOutputProcessor`: `structuredOutput` options, with `model` required. */
export type StructuredOutputProcessorOptions<OUTPUT = unknown> = StructuredOutputOptions<OUTPUT> & {
  model: ModelConfig;
};

/** The structuring model's standing instructions; `instructions` and the JSON request follow. */
const STRUCTURING_PROMPT =
  "You turn an assistant's answer into structured data. The user message holds the answer between <answer> tags. Express what it says as JSON matching the requested schema. Use only information in the answer; do not add, guess or change facts.";

/** What the processor keeps in its per-run `state`. */
interface StructuringState extends ProcessorState {
  /** Text deltas of the current step that passed this processor. */
  text?: string;
  /** The current step's answer as `processOutputStep` saw it. */
  stepText?: string;
  /** Set once the run's answer was structured (or failed to be): one structuring call per run. */
  done?: boolean;
  /** How structuring ended, for tests and later hooks. */
  outcome?: StructuredOutcome<unknown>;
}

/** One structuring pass: the parsed outcome and the tokens it cost. */
interface Structured {
  outcome: StructuredOutcome<unknown>;
  usage: LanguageModelUsage | undefined;
}

const invalid = invalidOptionFor('StructuredOutputProcessor');

/** The run's last step ends here (not a retried attempt, not a step the loop continues after). */
function endsRun(part: ChunkType & { type: 'step-finish' }): boolean {
  const result = part.payload.stepResult;
  return result.isContinued !== true && result.reason !== 'retry';
}

/**
 * Turns the agent's free-form final answer into a typed object with a second model.
 *
 * The agent adds one automatically when a call passes `structuredOutput: { schema, model }`
 * (after the call's own output processors); the agent's model then answers normally, tools
 * included, and is not put in JSON mode. It can also be placed in `outputProcessors` directly.
 *
 * Once per run, when the final step's `step-finish` passes it, the processor sends that step's
 * answer (the text that reached it) to `model`, asking for JSON matching `schema` (native JSON
 * mode, or instructions with `jsonPromptInjection`), and parses and validates the reply. On
 * success it emits an `object` and an `object-result` chunk before the `step-finish`; the
 * object becomes `result.object` / `await output.object` and the assistant UI message's
 * `metadata.structuredOutput`. A reply that does not match, or a failed structuring call,
 * follows `errorStrategy`: `'strict'` (default) makes `object` (and `generate()`) reject with
 * `STRUCTURED_OUTPUT_INVALID` / `STRUCTURED_OUTPUT_MODEL_FAILED`; `'warn'` logs and leaves the
 * object undefined; `'fallback'` uses `fallbackValue`. The structuring tokens count in
 * `totalUsage`, not in `usage`.
 */
export class StructuredOutputProcessor<OUTPUT = unknown> implements Processor<'structured-output'> {
  /** `'structured-output'`. */
  readonly id = 'structured-output' as const;
  /** `'Structured Output'`. */
  readonly name = 'Structured Output';
  /** One line for logs and traces. */
  readonly description = 'Structures the final answer into a schema-checked object with a second model.';

  readonly #options: StructuredOutputProcessorOptions<OUTPUT>;
  #model: Promise<MastraLanguageModel> | undefined;

  constructor(options: StructuredOutputProcessorOptions<OUTPUT>) {
    if (options === null || typeof options !== 'object') {
      throw invalid(
        'options',
        `expects an options object with "schema" and "model" (got ${describeOptionValue(options)}).`,
      );
    }
    const found = structuredOutputOptionsProblem(options as StructuredOutputOptions);
    if (found) throw invalid(found.option, found.problem);
    const model = options.model as unknown;
    if (
      model === undefined ||
      model === null ||
      model === '' ||
      (typeof model !== 'object' && typeof model !== 'string')
    ) {
      throw invalid(
        'model',
        `"model" is required: the model that structures the answer, as a model object or a router string such as 'openai/gpt-5-nano' (got ${describeOptionValue(model)}).`,
      );
    }
    this.#options = { ...options };
  }

  /**
   * Per chunk: collect the step's text; on the run's final `step-finish` (or, in a stream that
   * has none, on `finish`) structure the answer and emit `object` + `object-result` before it.
   */
  async processOutputStream(args: ProcessOutputStreamArgs): Promise<ChunkType | ChunkType[]> {
    const { part, state, messageList, abortSignal, usageRecorder } = withHookDefaults(this, args);
    const own = state as StructuringState;
    switch (part.type) {
      case 'text-delta':
        own.text = own.text === undefined ? part.payload.text : own.text + part.payload.text;
        return part;
      case 'step-start':
        // A new step, or a replayed attempt: earlier text is not the final answer.
        own.text = undefined;
        own.stepText = undefined;
        return part;
      case 'step-finish':
        if (own.done || !endsRun(part)) return part;
        break;
      case 'finish':
        if (own.done) return part;
        break;
      default:
        return part;
    }
    own.done = true;
    const answer =
      own.text ?? own.stepText ?? (part.type === 'step-finish' ? part.payload.output.text : undefined);
    const { outcome, usage } = await this.#structure(answer ?? '', abortSignal, usageRecorder);
    own.outcome = outcome;
    if (messageList) reportStructuring(messageList, { outcome, usage });
    if (!outcome.ok) return part;
    const envelope = { runId: part.runId, from: ChunkFrom.AGENT };
    return [
      { type: 'object', ...envelope, object: outcome.value as never },
      { type: 'object-result', ...envelope, object: outcome.value },
      part,
    ];
  }

  /** Keep the step's stored answer: used when no text deltas passed this processor. */
  processOutputStep(args: ProcessOutputStepArgs): MastraDBMessage[] | undefined {
    const { text, state, messageList, messages } = withHookDefaults(this, args);
    (state as StructuringState).stepText = text;
    // Called without a list, the hook answers with the messages (the documented result).
    return messageList === undefined ? (messages ?? []) : undefined;
  }

  /** Ask the structuring model for the object; every failure becomes an outcome per strategy. */
  async #structure(
    answer: string,
    abortSignal: AbortSignal | undefined,
    usageRecorder: RunUsageContext | undefined,
  ): Promise<Structured> {
    const options = this.#options as StructuredOutputOptions<unknown>;
    if (answer.trim() === '') {
      const error = new SluiceError(
        'STRUCTURED_OUTPUT_INVALID',
        "Structured output: the final step has no text answer to structure (it ended with tool calls only, or empty). Raise maxSteps so the model can answer after its tools, or set structuredOutput.errorStrategy to 'warn' or 'fallback'.",
      );
      return { outcome: structuredFailure(error, options), usage: undefined };
    }
    const model = await this.#resolvedModel();
    const request = `<answer>\n${answer}\n</answer>`;
    const subject = "the structuring model's answer";
    try {
      if (options.useAgent === true) {
        const structured = await this.#structureWithAgent(model, request, abortSignal, subject);
        // The internal agent's calls, as one helper call of this processor.
        usageRecorder?.report({ model, kind: 'helper', usage: structured.usage, processorId: this.id });
        return structured;
      }
      const { text, usage } = await this.#callModel(model, request, abortSignal, usageRecorder);
      return { outcome: await parseStructuredOutput(text, options, subject), usage };
    } catch (error) {
      // Aborting the run is not a structuring failure; the run ends as aborted.
      if (abortSignal?.aborted) throw error;
      const failure = new SluiceError(
        'STRUCTURED_OUTPUT_MODEL_FAILED',
        `Structured output: the structuring model "${model.provider}/${model.modelId}" failed: ${error instanceof Error ? error.message : String(error)}. Check the model and its key, set useAgent: true to retry transient failures, or set structuredOutput.errorStrategy to 'warn' or 'fallback'.`,
        { cause: error, details: { model: `${model.provider}/${model.modelId}` } },
      );
      return { outcome: structuredFailure(failure, options), usage: undefined };
    }
  }

  /** One direct streaming call: the reply's text and usage. */
  async #callModel(
    model: MastraLanguageModel,
    request: string,
    abortSignal: AbortSignal | undefined,
    usageRecorder: RunUsageContext | undefined,
  ): Promise<{ text: string; usage: LanguageModelUsage | undefined }> {
    const options = this.#options;
    const format = await structuredOutputFormat(options as StructuredOutputOptions);
    const system = format.instruction ? `${STRUCTURING_PROMPT}\n\n${format.instruction}` : STRUCTURING_PROMPT;
    const prompt: LanguageModelV2Prompt = [
      { role: 'system', content: system },
      { role: 'user', content: [{ type: 'text', text: request }] },
    ];
    let usage: LanguageModelUsage | undefined;
    // Reported once as the call ends, however it ends, so cost budgets count it.
    const report = () => usageRecorder?.report({ model, kind: 'helper', usage, processorId: this.id });
    let source: Awaited<ReturnType<MastraLanguageModel['doStream']>>;
    try {
      source = await untilAborted(
        model.doStream({
          prompt,
          responseFormat: format.responseFormat,
          providerOptions: options.providerOptions,
          abortSignal,
        }),
        abortSignal,
      );
    } catch (error) {
      report();
      throw error;
    }
    const reader = source.stream.getReader();
    let text = '';
    let finished = false;
    try {
      for (;;) {
        const next = await untilAborted(reader.read(), abortSignal);
        if (next.done) {
          finished = true;
          break;
        }
        const part = next.value;
        if (part.type === 'text-delta') text += part.delta;
        else if (part.type === 'finish') usage = part.usage;
        else if (part.type === 'error') throw part.error;
      }
    } finally {
      if (!finished) reader.cancel().catch(() => {});
      reader.releaseLock();
      report();
    }
    return { text, usage };
  }

  /**
   * `useAgent`: an internal agent makes the call (its default error processors retry transient
   * failures) and asks its model for the schema natively. The agent module registers that call
   * (`./agent-call.ts`); the agent imports this processor, not the reverse.
   */
  async #structureWithAgent(
    model: MastraLanguageModel,
    request: string,
    abortSignal: AbortSignal | undefined,
    subject: string,
  ): Promise<Structured> {
    const options = this.#options as StructuredOutputOptions<unknown>;
    const call = structuringAgentCall();
    if (call === undefined) {
      throw new Error(
        `${this.id}: useAgent: true runs an internal Agent, but the agent module is not loaded. Import Agent from 'sluice' (or 'sluice/agent') in the program, or leave useAgent out to call the structuring model directly.`,
      );
    }
    try {
      const output = await call({
        model,
        instructions: STRUCTURING_PROMPT,
        prompt: request,
        abortSignal,
        options,
      });
      return { outcome: { ok: true, value: output.object }, usage: output.usage };
    } catch (error) {
      // The answer came but did not fit: report it the same way as the direct path does.
      if (SluiceError.hasCode(error, 'STRUCTURED_OUTPUT_INVALID') && typeof error.details.text === 'string') {
        return {
          outcome: await parseStructuredOutput(error.details.text, options, subject),
          usage: undefined,
        };
      }
      throw error;
    }
  }

  #resolvedModel(): Promise<MastraLanguageModel> {
    if (!this.#model) {
      this.#model = resolveModel(this.#options.model as never);
      // A model that failed to resolve (missing key, say) is tried again next run.
      this.#model.catch(() => {
        this.#model = undefined;
      });
    }
    return this.#model;
  }
}
