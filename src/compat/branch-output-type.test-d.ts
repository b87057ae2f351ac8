import { type Processor, ProcessorStepSchema } from 'sluice/processors';
import { type BranchOutput, createStep, createWorkflow } from 'sluice/workflows';
import { expectTypeOf } from 'vitest';

// The step after `.branch()` is typed as the keyed output: each branch's step id, optional (only
// the branch that ran is present), so the original's `?? ` chain of keys typechecks.
const translator = createStep({
  id: 'translator',
  processInput: ({ messages }) => messages,
} satisfies Processor);
const shortener = createStep({
  id: 'shortener',
  processInput: ({ messages }) => messages,
} satisfies Processor);

createWorkflow({ id: 'route', inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema })
  .branch([
    [() => true, translator],
    [() => false, shortener],
  ])
  .map(({ inputData }) => {
    expectTypeOf(inputData).toEqualTypeOf<BranchOutput<typeof translator | typeof shortener>>();
    expectTypeOf(inputData).toHaveProperty('processor:translator');
    expectTypeOf(inputData).toHaveProperty('processor:shortener');
    expectTypeOf(inputData).not.toHaveProperty('phase');
    expectTypeOf<Record<string, never>>().toMatchTypeOf<typeof inputData>();
    return inputData['processor:translator'] ?? inputData['processor:shortener'];
  })
  .commit();
