/**
 * Item 13 of issue #32: an object annotated with the documented `Processor` type (as the README's
 * stream-window example does) goes into `inputProcessors`, `outputProcessors` and
 * `errorProcessors`, on the agent and per call. Which hooks it implements is checked when the agent
 * is built (`PROCESSOR_NO_HOOK`), not by the type.
 */
import { Agent } from 'sluice/agent';
import type {
  BaseProcessor,
  ErrorProcessorOrWorkflow,
  InputProcessorOrWorkflow,
  OutputProcessorOrWorkflow,
  Processor,
} from 'sluice/processors';
import { createStreamWindow } from 'sluice/processors/authoring';
import { ScriptedModel } from 'sluice/test';
import { expectTypeOf } from 'vitest';

const window = createStreamWindow({
  windowChars: 160,
  overlapChars: 64,
  check: (text) => (text.includes('ORD-') ? { action: 'drop' } : { action: 'release' }),
});

// The README's example, verbatim apart from the check.
const orderRedactor: Processor = {
  id: 'order-redactor',
  processOutputStream: (args) => window.process(args),
};
const lowercase: Processor<'lowercase'> = {
  id: 'lowercase',
  processInput: ({ messages }) => messages,
};
const withMetadata: Processor<'guard', { reason: string }> = {
  id: 'guard',
  processOutputResult: ({ messages, abort }) => {
    if (messages.length === 0) abort('empty', { metadata: { reason: 'empty' } });
    return messages;
  },
};
declare const classStyle: BaseProcessor<'class-style'>;

expectTypeOf(orderRedactor).toExtend<OutputProcessorOrWorkflow>();
expectTypeOf(orderRedactor).toExtend<InputProcessorOrWorkflow>();
expectTypeOf(orderRedactor).toExtend<ErrorProcessorOrWorkflow>();
expectTypeOf(withMetadata).toExtend<OutputProcessorOrWorkflow>();
expectTypeOf(classStyle).toExtend<InputProcessorOrWorkflow>();
// Not everything is a processor: an id is required.
expectTypeOf({ processInput: () => undefined }).not.toExtend<InputProcessorOrWorkflow>();

const model = new ScriptedModel({ steps: ['ok'] });
const agent = new Agent({
  id: 'typed',
  instructions: 'x',
  model,
  inputProcessors: [lowercase, orderRedactor],
  outputProcessors: [orderRedactor, withMetadata],
  errorProcessors: [orderRedactor],
});
void agent.generate('hello', { outputProcessors: [orderRedactor], inputProcessors: () => [lowercase] });
void agent.stream('hello', { outputProcessors: [withMetadata] });
