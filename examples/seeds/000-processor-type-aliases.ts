// Seeds 000/003 ("Processor types"): the seed writes these aliases in pseudo-code (`required`
// stands for "this method, not optional"). Spelled out below with `Required<Pick<…>>`, then
// compared with the aliases Sluice exports.
import type {
  ErrorProcessor,
  InputProcessor,
  OutputProcessor,
  ProcessOutputResultArgs,
  Processor,
  ProcessorMessageResult,
} from 'sluice/processors';

type Needs<K extends keyof Processor> = Required<Pick<Processor, K>>;

// Must implement processInput, processInputStep, processLLMRequest, or processLLMResponse (or any combination)
type DocInputProcessor = Processor &
  (
    | Needs<'processInput'>
    | Needs<'processInputStep'>
    | Needs<'processLLMRequest'>
    | Needs<'processLLMResponse'>
  );

// Must implement processOutputStream, processOutputStep, OR processOutputResult (or any combination)
type DocOutputProcessor = Processor &
  (Needs<'processOutputStream'> | Needs<'processOutputStep'> | Needs<'processOutputResult'>);

// Must implement processAPIError
type DocErrorProcessor = Processor & Needs<'processAPIError'>;

// Not in the seed: every processor the documented aliases admit, Sluice's aliases admit too.
type Accepts<T, U> = [T] extends [U] ? true : false;
export const inputAliasMatches: Accepts<DocInputProcessor, InputProcessor> = true;
export const outputAliasMatches: Accepts<DocOutputProcessor, OutputProcessor> = true;
export const errorAliasMatches: Accepts<DocErrorProcessor, ErrorProcessor> = true;

// And a bare processor (no hook) is none of them.
export const bareIsNotInput: Accepts<Processor, InputProcessor> = false;
export const bareIsNotOutput: Accepts<Processor, OutputProcessor> = false;
export const bareIsNotError: Accepts<Processor, ErrorProcessor> = false;

export const resultOnly: OutputProcessor = {
  id: 'result-only',
  processOutputResult: ({ messages }: ProcessOutputResultArgs): ProcessorMessageResult => messages,
};
