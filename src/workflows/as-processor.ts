/**
 * A committed workflow in a processor lane runs as one processor: this module builds that
 * processor (once per workflow) and checks, when the agent is built, that the workflow can run
 * there. Each hook call becomes one phase run: phase data in, the compiled plan, then the chosen
 * output applied to the live list once.
 */
import type { Span } from '@opentelemetry/api';
import { ConfigurationError } from '../errors/configuration-error.js';
import type { MessageList } from '../messages/message-list.js';
import { CHANGED_IN_PLACE } from '../pipeline/hook-results.js';
import { INNER_PROCESSORS } from '../pipeline/inner-processors.js';
import { type LaneArrayName, WORKFLOW_OF } from '../pipeline/lane-entry.js';
import { WORKFLOW_SPAN_ATTRIBUTES } from '../pipeline/tracing.js';
import type { Processor, ProcessorState, TracingContext } from '../pipeline/types.js';
import {
  type ProcessorPhase,
  ProcessorStepInputSchema,
  ProcessorStepOutputSchema,
  ProcessorStepSchema,
} from '../processors/step-schema/index.js';
import { compileWorkflow } from './engine/compile.js';
import { type HookContext, Invocation, PHASE_HOOKS } from './engine/invocation.js';
import type { Data, Exec } from './engine/later.js';
import { adopt, formatIssues, isMaterialized, markMaterialized, reconcileInto } from './engine/phase-data.js';
import { runScopeOf } from './engine/run-scope.js';
import { workflowInvalidOutput } from './errors.js';
import { type GraphNode, plainStepsWantData, processorsOf } from './graph.js';

const processors = new WeakMap<object, Processor>();

/** Step settings a `processInputStep` result may carry back to the loop. */
const STEP_OVERRIDES = [
  'model',
  'tools',
  'toolChoice',
  'activeTools',
  'providerOptions',
  'modelSettings',
  'structuredOutput',
  'messageId',
  'retryCount',
] as const;

/** What the lane check reads of a workflow (committed or still being built). */
export interface LaneWorkflow {
  readonly id: string;
  readonly description?: string;
  readonly committed: boolean;
  readonly inputSchema: unknown;
  readonly outputSchema: unknown;
}

/**
 * Check that a workflow (whose graph is `nodes`) can run in the lane `array` and return the
 * processor it runs as. Workflows call this from their `AS_LANE_PROCESSOR` method
 * (`../pipeline/lane-entry.ts`), so the pipeline never imports this module.
 *
 * @throws ConfigurationError `PROCESSOR_WORKFLOW_INVALID_CONFIG`: a workflow in
 *   `errorProcessors`, not committed, or not built on `ProcessorStepSchema`.
 */
export function workflowLaneEntry(
  value: LaneWorkflow,
  nodes: readonly GraphNode[],
  array: LaneArrayName,
  at: string,
  owner: string,
): Processor {
  const id = value.id;
  const fail = (problem: string) =>
    new ConfigurationError(
      'PROCESSOR_WORKFLOW_INVALID_CONFIG',
      `${owner}: ${at} is the workflow "${id}", ${problem}`,
      {
        details: { array, workflowId: id },
      },
    );
  if (array === 'errorProcessors') {
    throw fail(
      'but workflows never run in errorProcessors (processAPIError has no workflow phase). Put processors that implement processAPIError in errorProcessors directly.',
    );
  }
  if (!value.committed)
    throw fail('which is not committed. Finish it with .commit() before using it as a processor.');
  if (value.inputSchema !== ProcessorStepSchema && value.inputSchema !== ProcessorStepInputSchema) {
    throw fail(
      'whose inputSchema is not ProcessorStepSchema. Create it with createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema }) (ProcessorStepSchema from sluice/processors).',
    );
  }
  if (
    value.outputSchema !== ProcessorStepSchema &&
    value.outputSchema !== ProcessorStepInputSchema &&
    value.outputSchema !== ProcessorStepOutputSchema
  ) {
    throw fail(
      'whose outputSchema is not ProcessorStepSchema. Create it with createWorkflow({ id, inputSchema: ProcessorStepSchema, outputSchema: ProcessorStepSchema }) (ProcessorStepSchema from sluice/processors).',
    );
  }
  return workflowProcessor(value, nodes);
}

/** The processor a committed workflow runs as (built once per workflow). */
function workflowProcessor(
  workflow: { readonly id: string; readonly description?: string },
  nodes: readonly GraphNode[],
): Processor {
  const cached = processors.get(workflow);
  if (cached) return cached;
  const compiled = compileWorkflow(nodes);
  const inner = processorsOf(nodes);
  const processor: Record<string | symbol, unknown> = {
    id: workflow.id,
    [WORKFLOW_OF]: workflow,
    [INNER_PROCESSORS]: inner,
  };
  if (workflow.description !== undefined) processor.description = workflow.description;
  // Data chunks reach the workflow when one of its processors (or a plain step) takes them.
  if (inner.some((p) => p.processDataParts === true) || plainStepsWantData(nodes))
    processor.processDataParts = true;
  for (const phase of Object.keys(compiled.plans) as ProcessorPhase[]) {
    const exec = compiled.plans[phase] as Exec;
    processor[PHASE_HOOKS[phase]] = (args: HookArgs) =>
      runPhase(workflow.id, phase, exec, compiled.recordResults, args);
  }
  processors.set(workflow, processor as unknown as Processor);
  return processor as unknown as Processor;
}

type HookArgs = HookContext &
  Record<string, unknown> & { state?: ProcessorState; tracingContext?: TracingContext };

/** One phase run: the hook's arguments become phase data, the plan runs, the output is applied. */
function runPhase(
  workflowId: string,
  phase: ProcessorPhase,
  exec: Exec,
  recordResults: boolean,
  args: HookArgs,
): unknown {
  const data = initialData(phase, args);
  const span = (args.tracingContext as { currentSpan?: Span } | undefined)?.currentSpan;
  if (span !== undefined) {
    span.setAttribute(WORKFLOW_SPAN_ATTRIBUTES.workflowId, workflowId);
    span.setAttribute(WORKFLOW_SPAN_ATTRIBUTES.phase, phase);
  }
  const run = runScopeOf(args.state);
  const inv =
    phase === 'outputStream'
      ? // The stream phase runs once per chunk: its hook span is the processor's one span for
        // the step (with chunk counts), so its steps get no spans of their own (one per chunk).
        run.chunkInvocation(workflowId, args, data, recordResults, undefined)
      : new Invocation(
          phase,
          workflowId,
          args,
          run,
          args.messageList as MessageList | undefined,
          data,
          recordResults,
          span,
        );
  // The plan ends with `finish` (sync, or in the async frame the run went on in).
  inv.tail = finish;
  return exec(data, inv);
}

function initialData(phase: ProcessorPhase, args: HookArgs): Data {
  if (phase === 'outputStream') {
    return {
      phase,
      part: args.part,
      streamParts: args.streamParts,
      state: args.state,
      messageList: args.messageList,
      retryCount: args.retryCount,
    };
  }
  markMaterialized(args.messages);
  markMaterialized(args.systemMessages);
  const base: Data = {
    phase,
    messages: args.messages,
    messageList: args.messageList,
    systemMessages: args.systemMessages,
    retryCount: args.retryCount,
  };
  switch (phase) {
    case 'input':
      return base;
    case 'inputStep':
      return {
        ...base,
        stepNumber: args.stepNumber,
        steps: args.steps,
        model: args.model,
        tools: args.tools,
        toolChoice: args.toolChoice,
        activeTools: args.activeTools,
        providerOptions: args.providerOptions,
        modelSettings: args.modelSettings,
        structuredOutput: args.structuredOutput,
        runId: args.runId,
        messageId: args.messageId,
      };
    case 'outputStep':
      return {
        ...base,
        stepNumber: args.stepNumber,
        finishReason: args.finishReason,
        providerMetadata: args.providerMetadata,
        toolCalls: args.toolCalls,
        text: args.text,
        usage: args.usage,
        steps: args.steps,
      };
    case 'toolResult':
      return {
        ...base,
        stepNumber: args.stepNumber,
        toolName: args.toolName,
        toolCallId: args.toolCallId,
        args: args.args,
        result: args.result,
        providerExecuted: args.providerExecuted,
        steps: args.steps,
      };
    case 'outputResult':
      return { ...base, result: args.result };
  }
}

const OUTPUT_STAGE = 'output';

/** The workflow's output, checked once, applied to the live list once, handed to the runner. */
function finish(out: Data, inv: Invocation): unknown {
  if (typeof out !== 'object' || out === null || Array.isArray(out)) {
    throw workflowInvalidOutput(
      inv.site(OUTPUT_STAGE),
      `is ${out === null ? 'null' : Array.isArray(out) ? 'an array' : typeof out}, not phase data. End the workflow with a step (or .map()) that returns phase data.`,
    );
  }
  if (out.phase !== inv.phase) {
    const names = 'phase' in out ? [] : Object.keys(out);
    const keys =
      'phase' in out
        ? ''
        : ` ${
            names.length === 0
              ? 'It is {}: no .branch() condition held, so no step ran'
              : `Its keys are ${names
                  .slice(0, 6)
                  .map((k) => `"${k}"`)
                  .join(', ')}`
          }; after .parallel() or .branch(), choose what goes on with .map(({ inputData, getInitData }) => inputData['<step id>'] ?? getInitData()).`;
    throw workflowInvalidOutput(
      inv.site(OUTPUT_STAGE),
      `${'phase' in out ? `has phase ${JSON.stringify(out.phase)} during the "${inv.phase}" phase` : 'has no "phase"'}, so it is not the phase data the agent needs.${keys}`,
    );
  }
  if (inv.chunk) {
    if (!('part' in out)) {
      throw workflowInvalidOutput(
        inv.site(OUTPUT_STAGE),
        'has no "part"; a stream phase must end with the part to emit (or null to drop it).',
      );
    }
    inv.done = true;
    return out.part ?? undefined;
  }
  if (!('messages' in out) && !('messageList' in out)) {
    throw workflowInvalidOutput(inv.site(OUTPUT_STAGE), 'has neither "messages" nor "messageList".');
  }
  // Messages the engine read from a list are valid by construction: only other data is checked
  // (a whole-conversation schema pass per phase would cost more than the phase).
  const checked = ProcessorStepOutputSchema.safeParse(
    isMaterialized(out.messages) ? { ...out, messages: undefined } : out,
  );
  if (!checked.success) {
    throw workflowInvalidOutput(
      inv.site(OUTPUT_STAGE),
      `is not valid phase data: ${formatIssues(checked.error)}.`,
    );
  }
  const final = adopt(out, inv.init, inv, OUTPUT_STAGE);
  const list = final.messageList as MessageList;
  const live = inv.live;
  if (live !== undefined && list !== live) {
    reconcileInto(live, list, inv.baseIds);
    inv.changed = true;
  }
  // The list is up to date already; the runner only learns whether it changed.
  if (inv.phase !== 'inputStep') return inv.changed ? CHANGED_IN_PLACE : undefined;
  let overrides: Record<string, unknown> | undefined;
  for (const key of STEP_OVERRIDES) {
    const value = final[key];
    if (value === undefined || value === inv.init[key]) continue;
    overrides ??= {};
    overrides[key] = value;
  }
  // An empty overrides object changes no setting but tells the runner the step's messages changed.
  return overrides ?? (inv.changed ? {} : undefined);
}
