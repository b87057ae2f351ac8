/** `step.execute(context)` outside an agent: the step's work for the phase of its input. */
import { SluiceError } from '../../errors/sluice-error.js';
import type { MessageList } from '../../messages/message-list.js';
import { describe } from '../../pipeline/hook-results.js';
import type { ProcessorPhase } from '../../processors/step-schema/index.js';
import { workflowInvalidOutput } from '../errors.js';
import type { StepNode } from '../graph.js';
import type { StepExecuteContext } from '../types.js';
import { compileStep } from './compile.js';
import { type HookContext, Invocation, PHASE_HOOKS } from './invocation.js';
import { type Data, type Exec, settled } from './later.js';
import { formatIssues, markMaterialized } from './phase-data.js';
import { runScopeOf } from './run-scope.js';

const standalonePlans = new WeakMap<StepNode, Partial<Record<ProcessorPhase, Exec | null>>>();

/** `step.execute(context)` outside an agent: the step's work for the phase of `inputData`. */
export async function runStepStandalone(
  node: StepNode,
  context: StepExecuteContext<unknown>,
): Promise<never> {
  const input = context?.inputData as Data | undefined;
  // A plain step on its own is its own function: the caller's context as given.
  if (node.kind === 'plain' && context !== undefined) {
    const definition = node.definition;
    const result = await definition.execute(context);
    const checked = definition.outputSchema.safeParse(result);
    if (!checked.success) {
      const given = input?.phase;
      const phase = typeof given === 'string' && given in PHASE_HOOKS ? (given as ProcessorPhase) : 'input';
      throw workflowInvalidOutput(
        { workflowId: node.id, stepId: node.id, phase, hook: PHASE_HOOKS[phase] },
        `returned data that does not match its outputSchema: ${formatIssues(checked.error)}.`,
      );
    }
    return result as never;
  }
  const phase = (input as { phase?: unknown } | undefined)?.phase;
  if (typeof phase !== 'string' || !(phase in PHASE_HOOKS)) {
    throw new SluiceError(
      'PROCESSOR_WORKFLOW_INVALID_OUTPUT',
      `Step "${node.id}".execute() needs { inputData } with a "phase" (${Object.keys(PHASE_HOOKS).join(', ')}); got ${describe(phase)}.`,
    );
  }
  const typed = phase as ProcessorPhase;
  let plans = standalonePlans.get(node);
  if (!plans) {
    plans = {};
    standalonePlans.set(node, plans);
  }
  let exec = plans[typed];
  if (exec === undefined) {
    exec = compileStep(node, { phase: typed, prefix: '' }) ?? null;
    plans[typed] = exec;
  }
  if (exec === null) return input as never;
  const ctx: HookContext = {
    retryCount: context.retryCount,
    requestContext: context.requestContext,
    writer: context.writer,
    tracingContext: context.tracingContext,
    state: context.state,
    messageList: input?.messageList as MessageList | undefined,
  };
  Object.defineProperty(ctx, 'abortSignal', { get: () => context.abortSignal, enumerable: true });
  markMaterialized(input?.messages);
  const inv = new Invocation(
    typed,
    node.id,
    ctx,
    runScopeOf(context.state),
    undefined,
    input as Data,
    true,
    undefined,
  );
  return (await settled(exec(input as Data, inv))) as never;
}
