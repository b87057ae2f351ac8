// Seeds 000/003 ("Interface definition"): the documented Processor interface, declared verbatim
// against Sluice's exported types. The check at the end asserts that any object implementing the
// documented interface is accepted where Sluice expects a `Processor`.

import type { MessageList } from 'sluice/agent';
import type { MastraDBMessage } from 'sluice/memory';
import type {
  ProcessAPIErrorArgs,
  ProcessAPIErrorResult,
  ProcessInputArgs,
  ProcessInputResult,
  ProcessInputStepArgs,
  ProcessInputStepResult,
  ProcessLLMRequestArgs,
  ProcessLLMRequestResult,
  ProcessLLMResponseArgs,
  ProcessLLMResponseResult,
  ProcessOutputResultArgs,
  ProcessOutputStepArgs,
  ProcessOutputStreamArgs,
  ProcessorMessageResult,
  ProcessorViolation,
  ProcessToolResultArgs,
  Processor as SluiceProcessor,
} from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';

interface Processor<TId extends string = string, TTripwireMetadata = unknown> {
  readonly id: TId;
  readonly name?: string;
  readonly description?: string;
  /** Index of this processor in the workflow (set at runtime when combining processors). */
  processorIndex?: number;
  /** When true, processOutputStream also receives `data-*` chunks. Default: false. */
  processDataParts?: boolean;

  /** Callback invoked when this processor detects a violation, regardless of strategy. */
  onViolation?: (violation: ProcessorViolation) => void | Promise<void>;

  processInput?(args: ProcessInputArgs<TTripwireMetadata>): Promise<ProcessInputResult> | ProcessInputResult;

  processInputStep?(
    args: ProcessInputStepArgs<TTripwireMetadata>,
  ): // biome-ignore lint/suspicious/noConfusingVoidType: the documented signature, verbatim
    | Promise<ProcessInputStepResult | MessageList | MastraDBMessage[] | undefined | void>
    | ProcessInputStepResult
    | MessageList
    | MastraDBMessage[]
    | void
    | undefined;

  processLLMRequest?(
    args: ProcessLLMRequestArgs<TTripwireMetadata>,
  ): Promise<ProcessLLMRequestResult> | ProcessLLMRequestResult;

  processLLMResponse?(
    args: ProcessLLMResponseArgs<TTripwireMetadata>,
  ): Promise<ProcessLLMResponseResult> | ProcessLLMResponseResult;

  processAPIError?(
    args: ProcessAPIErrorArgs<TTripwireMetadata>,
    // biome-ignore lint/suspicious/noConfusingVoidType: the documented signature, verbatim
  ): Promise<ProcessAPIErrorResult | void> | ProcessAPIErrorResult | void;

  processOutputStream?(
    args: ProcessOutputStreamArgs<TTripwireMetadata>,
  ): Promise<ChunkType | null | undefined>;

  processOutputStep?(args: ProcessOutputStepArgs<TTripwireMetadata>): ProcessorMessageResult;

  processToolResult?(args: ProcessToolResultArgs<TTripwireMetadata>): ProcessorMessageResult;

  processOutputResult?(args: ProcessOutputResultArgs<TTripwireMetadata>): ProcessorMessageResult;
}

// Not in the seed: the documented interface must be usable wherever Sluice takes a Processor.
type Accepts<T, U> = [T] extends [U] ? true : false;
export const documentedInterfaceIsAccepted: Accepts<Processor, SluiceProcessor> = true;
export const documentedInterfaceWithMetadataIsAccepted: Accepts<
  Processor<'my-id', { category: string }>,
  SluiceProcessor<'my-id', { category: string }>
> = true;
