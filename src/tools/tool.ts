import type { SharedV2ProviderOptions } from '@ai-sdk/provider';
import type { InferSchemaOutput, SchemaInput } from '../schema/index.js';
import type { ToolBackgroundConfig } from './background-option.js';
import type { ToolConfig, ToolOutputOf } from './tool-config.js';
import type { MaybePromise, ToolApprovalPredicate, ToolExecutionContext } from './types.js';
import { validateToolConfig } from './validate-tool-config.js';

const TOOL_MARKER = Symbol.for('sluice.tool');

// Method-shaped function types are checked bivariantly, so a tool typed for `{ city: string }`
// still fits where any `Tool` is expected (a tools record).
type Bivariant<Args extends unknown[], R> = { bivarianceHack(...args: Args): R }['bivarianceHack'];

/**
 * A tool made by {@link createTool}. Register it in an agent's `tools` record; the record key
 * is the name the model sees. `execute` is the user's function, unchanged: calling it directly
 * does not validate input (the agent does).
 */
export class Tool<
  TIn extends SchemaInput | undefined = SchemaInput | undefined,
  TOut extends SchemaInput | undefined = SchemaInput | undefined,
  TResult = unknown,
  TId extends string = string,
> {
  /** Brand checked by `isTool` (a global symbol, so it works across package copies). */
  readonly [TOOL_MARKER] = true;
  readonly id: TId;
  readonly description: string;
  readonly inputSchema?: TIn;
  readonly outputSchema?: TOut;
  readonly execute?: Bivariant<
    [input: InferSchemaOutput<TIn>, context: ToolExecutionContext],
    MaybePromise<TResult>
  >;
  readonly toModelOutput?: Bivariant<[output: ToolOutputOf<TOut, TResult>], unknown>;
  readonly requireApproval?: boolean | ToolApprovalPredicate<InferSchemaOutput<TIn>>;
  readonly providerOptions?: SharedV2ProviderOptions;
  readonly strict?: boolean;
  readonly title?: string;
  readonly timeoutMs?: number;
  /** Background settings (`sluice/background`); see {@link ToolConfig.background}. */
  readonly background?: ToolBackgroundConfig;

  /** Validates `config` eagerly; throws `ConfigurationError` (`TOOL_INVALID_CONFIG`). */
  constructor(config: ToolConfig<TIn, TOut, TResult, TId>) {
    validateToolConfig(config);
    this.id = config.id;
    this.description = config.description;
    this.inputSchema = config.inputSchema;
    this.outputSchema = config.outputSchema;
    this.execute = config.execute;
    this.toModelOutput = config.toModelOutput;
    this.requireApproval = config.requireApproval;
    this.providerOptions = config.providerOptions;
    this.strict = config.strict;
    this.title = config.title;
    this.timeoutMs = config.timeoutMs;
    if (config.background !== undefined) this.background = config.background;
  }
}

/** True for a {@link Tool} from any copy of Sluice (checked by a global symbol, not `instanceof`). */
export function isTool(value: unknown): value is Tool {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TOOL_MARKER] === true
  );
}
