// Seeds 000/003: the per-method signature snippets of the reference page, collected into one
// interface (each snippet is an interface member and cannot stand alone). The check asserts a
// processor written to these signatures is a Sluice `Processor`.

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
  Processor,
  ProcessorMessageResult,
  ProcessToolResultArgs,
} from 'sluice/processors';
import type { ChunkType } from 'sluice/stream';

interface DocumentedHooks {
  id: string;

  processInput?(args: ProcessInputArgs): Promise<ProcessInputResult> | ProcessInputResult;

  processInputStep?<TTripwireMetadata = unknown>(
    args: ProcessInputStepArgs<TTripwireMetadata>,
  ): // biome-ignore lint/suspicious/noConfusingVoidType: the documented signature, verbatim
    | Promise<ProcessInputStepResult | MessageList | MastraDBMessage[] | void | undefined>
    | ProcessInputStepResult
    | MessageList
    | MastraDBMessage[]
    | void
    | undefined;

  processLLMRequest?(args: ProcessLLMRequestArgs): Promise<ProcessLLMRequestResult> | ProcessLLMRequestResult;

  processLLMResponse?(
    args: ProcessLLMResponseArgs,
  ): Promise<ProcessLLMResponseResult> | ProcessLLMResponseResult;

  processAPIError?(
    args: ProcessAPIErrorArgs,
    // biome-ignore lint/suspicious/noConfusingVoidType: the documented signature, verbatim
  ): Promise<ProcessAPIErrorResult | void> | ProcessAPIErrorResult | void;

  processOutputStream?(args: ProcessOutputStreamArgs): Promise<ChunkType | null | undefined>;

  processOutputResult?(args: ProcessOutputResultArgs): ProcessorMessageResult;

  processOutputStep?(args: ProcessOutputStepArgs): ProcessorMessageResult;

  processToolResult?(args: ProcessToolResultArgs): ProcessorMessageResult;
}

// Not in the seed: the documented signatures must fit Sluice's Processor.
type Accepts<T, U> = [T] extends [U] ? true : false;
export const documentedSignaturesAreAccepted: Accepts<DocumentedHooks, Processor> = true;
