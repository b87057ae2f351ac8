/**
 * The shape a workflow is built into: a list of nodes, each a step, a parallel group, a branch or
 * a map. Plain data; `plan.ts` turns it into functions once per workflow.
 */
import type { Processor } from '../pipeline/types.js';
import type { BranchCondition, MapFunction, StepDefinition } from './types.js';

/** A processor step: the processor's hook for the phase runs, or the data passes through. */
export interface ProcessorStepNode {
  kind: 'processor';
  id: string;
  processor: Processor;
}

/** A plain step: `execute` runs for every phase. */
export interface PlainStepNode {
  kind: 'plain';
  id: string;
  definition: StepDefinition<string, unknown, unknown>;
}

/** A committed workflow used as a step. */
interface WorkflowStepNode {
  kind: 'workflow';
  id: string;
  nodes: readonly GraphNode[];
}

/** Anything that can stand where a step stands. */
export type StepNode = ProcessorStepNode | PlainStepNode | WorkflowStepNode;

/** One entry of a workflow's sequence. */
export type GraphNode =
  | { kind: 'step'; step: StepNode }
  | { kind: 'parallel'; steps: readonly StepNode[] }
  | {
      kind: 'branch';
      /** `branch#<n>`: the n-th `.branch()` of its workflow. */
      label: string;
      branches: ReadonlyArray<{ condition: BranchCondition; step: StepNode }>;
    }
  | { kind: 'map' /** `map#<n>`: the n-th `.map()` of its workflow. */; label: string; fn: MapFunction };

/** Every processor of a graph, nested workflows included, in order. */
export function processorsOf(nodes: readonly GraphNode[]): Processor[] {
  const out: Processor[] = [];
  const visit = (step: StepNode) => {
    if (step.kind === 'processor') out.push(step.processor);
    else if (step.kind === 'workflow') for (const n of step.nodes) visitNode(n);
  };
  const visitNode = (node: GraphNode) => {
    if (node.kind === 'step') visit(node.step);
    else if (node.kind === 'parallel') for (const s of node.steps) visit(s);
    else if (node.kind === 'branch') for (const b of node.branches) visit(b.step);
  };
  for (const node of nodes) visitNode(node);
  return out;
}

/** True when some plain step of the graph asks for `data-*` chunks (`processDataParts: true`). */
export function plainStepsWantData(nodes: readonly GraphNode[]): boolean {
  const visit = (step: StepNode): boolean =>
    (step.kind === 'plain' && step.definition.processDataParts === true) ||
    (step.kind === 'workflow' && plainStepsWantData(step.nodes));
  return nodes.some((node) =>
    node.kind === 'step'
      ? visit(node.step)
      : node.kind === 'parallel'
        ? node.steps.some(visit)
        : node.kind === 'branch'
          ? node.branches.some((b) => visit(b.step))
          : false,
  );
}
