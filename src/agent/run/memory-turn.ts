/**
 * The agent's seam to memory. A call that names a conversation (`memory: { thread, resource }`)
 * on an agent with a memory gets a `MemoryTurn`: checked before the model is called, its
 * processors in the framework lanes (input before the user's, output after), its tool, and one
 * save from the finalization point. A call without `memory` uses none.
 */
import { ConfigurationError } from '../../errors/configuration-error.js';
import { DataTooDeepError } from '../../errors/data-too-deep-error.js';
import type { Memory } from '../../memory/memory.js';
import { type AgentMemoryOption, beginMemoryTurn, type MemoryTurn } from '../../memory/turn.js';
import type { RequestContext } from '../../request-context/request-context.js';
import { MAX_DATA_DEPTH, valueTooDeep } from '../../util/data-depth.js';
import { newId } from '../../util/ids.js';
import type { RunContext } from './context.js';
import type { RunEnd } from './finalize.js';

/** Deepest message content saved: tool data's bound plus the levels of a message around it. */
const MAX_MESSAGE_DEPTH = MAX_DATA_DEPTH + 16;

/** The call's memory turn, or `undefined` when the call names no conversation. */
export async function startMemoryTurn(
  agentId: string,
  memory: Memory | undefined,
  option: AgentMemoryOption | undefined,
  requestContext: RequestContext,
  /** The agent's `memory` is a function of the request context (it returned none this time). */
  dynamic = false,
  /** The call's input, as given: the ids its messages came with are looked up with the load. */
  input?: unknown,
): Promise<MemoryTurn | undefined> {
  if (option === undefined || option === null) return undefined;
  if (!memory) {
    throw new ConfigurationError(
      'AGENT_INVALID_OPTIONS',
      dynamic
        ? `Agent "${agentId}": the call passed "memory" but the agent's memory function returned none for this request context; return a Memory from it, or leave out the call's "memory".`
        : `Agent "${agentId}": the call passed "memory" but the agent has none; create it with new Agent({ ..., memory: new Memory({ storage }) }).`,
      { details: { option: 'memory' } },
    );
  }
  return beginMemoryTurn(memory, option, requestContext, `Agent "${agentId}"`, givenIds(input));
}

/** Most input ids looked up with the load; a longer input leaves the lookup to the input filter. */
const MAX_PRELOADED_IDS = 256;
/** Longest id looked up with the load (message ids are short; anything else is left to the filter). */
const MAX_PRELOADED_ID_LENGTH = 256;

/**
 * The ids the input's messages came with (a chat client's), read off the input as given: only
 * top-level messages with a short string `id`. Whatever this misses, the input filter asks the
 * store about itself, so it is an optimisation, never the check.
 */
function givenIds(input: unknown): string[] | undefined {
  const list = Array.isArray(input)
    ? input
    : typeof input === 'object' && input !== null
      ? [input]
      : undefined;
  if (!list || list.length === 0 || list.length > MAX_PRELOADED_IDS) return undefined;
  const ids: string[] = [];
  for (const message of list) {
    if (typeof message !== 'object' || message === null) continue;
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'string' && id.length > 0 && id.length <= MAX_PRELOADED_ID_LENGTH) ids.push(id);
  }
  return ids.length > 0 ? ids : undefined;
}

/**
 * Save the turn as the run ended. Returns the error when saving a successful turn failed (the
 * call then fails: an answer that was not remembered must not look remembered); a failed save
 * of a failed turn is reported on the console and the run's own error stands.
 */
export async function saveMemoryTurn<OUTPUT>(
  run: RunContext<OUTPUT>,
  end: RunEnd,
): Promise<Error | undefined> {
  const turn = run.plan.memory;
  if (!turn) return undefined;
  // Input and tool data are bounded where they enter; a processor may still have written
  // something deeper. Named here with a coded error, not a RangeError from the store's encoder.
  const tooDeep = [...run.list.get.input.db(), ...run.list.get.response.db()].find((m) =>
    valueTooDeep(m.content, MAX_MESSAGE_DEPTH),
  );
  if (tooDeep !== undefined) {
    const error = new DataTooDeepError(
      `Agent "${run.plan.agentId}": message "${tooDeep.id}" (${tooDeep.role}), to be saved to memory,`,
      MAX_MESSAGE_DEPTH,
      'A processor or tool wrote nested data into it; keep message data flatter. The turn was not saved.',
    );
    if (end.status === 'success') return error;
    console.warn(`Agent "${run.plan.agentId}": saving the failed turn to memory failed: ${error.message}`);
    return undefined;
  }
  try {
    await turn.save({
      status: end.status,
      error: end.error,
      list: run.list,
      delivered: run.path.delivered,
      newId,
    });
    return undefined;
  } catch (error) {
    if (end.status === 'success') return error instanceof Error ? error : new Error(String(error));
    console.warn(`Agent "${run.plan.agentId}": saving the failed turn to memory failed: ${String(error)}`);
    return undefined;
  }
}
