import type { ModelTool } from '../models/types.js';
import type { ResolvedTool } from './types.js';

/**
 * The tools of one agent call, keyed by the name the model sees. A `Map`, plus helpers for
 * building the model request.
 */
export class ResolvedToolSet extends Map<string, ResolvedTool> {
  /** Tool definitions for the model, optionally limited to `activeTools` (in registration order). */
  modelTools(activeTools?: Iterable<string>): ModelTool[] {
    const active = activeTools ? new Set(activeTools) : undefined;
    const out: ModelTool[] = [];
    for (const [name, tool] of this) if (!active || active.has(name)) out.push(tool.modelTool);
    return out;
  }

  /** The tool names, in registration order. */
  names(): string[] {
    return [...this.keys()];
  }
}
