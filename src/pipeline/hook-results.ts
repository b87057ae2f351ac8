/**
 * The documented result forms of processor hooks, applied to the live message list and the
 * step settings. Pure apart from the list they are given; every wrong shape becomes a
 * `ProcessorError` (`PROCESSOR_INVALID_RESULT`) naming the processor, the hook and the fix.
 */
import { describeValue } from '../errors/describe-value.js';
import { ProcessorError, type ProcessorHookName } from '../errors/processor-error.js';
import type { MessageList } from '../messages/message-list.js';
import type { CoreMessage, MastraDBMessage } from '../messages/types.js';
import type { HookOutcome } from './tracing.js';
import type { ProcessInputStepArgs, ProcessInputStepResult, ProcessorContext } from './types.js';

/** Step settings `processInputStep`/`prepareStep` see and may override. */
export type StepSettings = Omit<
  ProcessInputStepArgs,
  keyof ProcessorContext | 'state' | 'messages' | 'messageList' | 'sendSignal'
>;

/** Hooks that run inside a step, so a granted `abort(…, { retry: true })` replays the step. */
export const STEP_HOOKS: ReadonlySet<ProcessorHookName> = new Set([
  'processInputStep',
  'prepareStep',
  'processLLMRequest',
  'processOutputStream',
  'processLLMResponse',
  'processAPIError',
  'processOutputStep',
  'processToolResult',
]);

export function invalidResult(
  processorId: string,
  hook: ProcessorHookName,
  what: string,
  stepNumber: number | undefined,
): ProcessorError {
  return new ProcessorError('PROCESSOR_INVALID_RESULT', `Processor "${processorId}" ${hook} ${what}`, {
    processorId,
    hook,
    stepNumber: STEP_HOOKS.has(hook) ? stepNumber : undefined,
  });
}

function otherListError(processorId: string, hook: ProcessorHookName): ProcessorError {
  return new ProcessorError(
    'PROCESSOR_INVALID_RESULT',
    `Processor ${processorId} returned a MessageList instance other than the one passed in. Use the messageList argument instead (${hook}).`,
    { processorId, hook },
  );
}

/**
 * What a lane entry that applied its own edits to the live list returns from a message hook (a
 * processor workflow reconciles the list itself): nothing left to apply, but the hook changed the
 * conversation, as its span reports.
 */
export const CHANGED_IN_PLACE: unique symbol = Symbol('sluice.hook.changedInPlace');

/** Apply the documented result forms of a message-carrying hook to the live list. */
export function applyMessageResult(
  list: MessageList,
  result: unknown,
  processorId: string,
  hook: ProcessorHookName,
  scope: 'all' | 'response' = 'all',
): HookOutcome {
  if (result === undefined || result === null || result === list) return 'passed';
  if (result === CHANGED_IN_PLACE) return 'changed';
  if (Array.isArray(result)) {
    reconcile(list, result as MastraDBMessage[], scope, processorId, hook);
    return 'changed';
  }
  if (isMessageList(result)) throw otherListError(processorId, hook);
  if (typeof result === 'object' && Array.isArray((result as { messages?: unknown }).messages)) {
    const { messages, systemMessages } = result as {
      messages: MastraDBMessage[];
      systemMessages?: CoreMessage[];
    };
    if (systemMessages !== undefined && !isSystemMessageArray(systemMessages)) {
      throw invalidResult(
        processorId,
        hook,
        `returned "systemMessages" that is not an array of system messages (${describe(systemMessages)}). Return [{ role: 'system', content: '…' }, …].`,
        undefined,
      );
    }
    reconcile(list, messages, scope, processorId, hook);
    if (systemMessages) list.replaceAllSystemMessages(systemMessages as never);
    return 'changed';
  }
  throw invalidResult(
    processorId,
    hook,
    `returned ${describe(result)}, which it does not accept. Return the messageList, an array of messages, { messages, systemMessages }, or nothing.`,
    undefined,
  );
}

/**
 * Apply the result of an output hook (`processOutputStep`, `processToolResult`,
 * `processOutputResult`). As `applyMessageResult`, except that `[]` from `processOutputStep` and
 * `processToolResult` changes nothing: the seeds' validators end those hooks with `return []`
 * after checking ("nothing to change"), and there `messages` is the whole conversation. From
 * `processOutputResult`, whose `messages` are the response only, `[]` is read as documented: the
 * response is reconciled to nothing, so none of it is returned or stored.
 */
export function applyOutputResult(
  list: MessageList,
  result: unknown,
  processorId: string,
  hook: ProcessorHookName,
  scope: 'all' | 'response',
): HookOutcome {
  if (Array.isArray(result) && result.length === 0 && hook !== 'processOutputResult') return 'passed';
  return applyMessageResult(list, result, processorId, hook, scope);
}

export function checkLLMRequestResult(value: unknown, processorId: string): HookOutcome {
  if (value === undefined || value === null) return 'passed';
  const result = value as { prompt?: unknown; response?: unknown };
  if (typeof value !== 'object') {
    throw invalidResult(
      processorId,
      'processLLMRequest',
      `returned ${describe(value)}. Return { prompt }, { response }, or nothing.`,
      undefined,
    );
  }
  if (result.prompt !== undefined) {
    const problem = Array.isArray(result.prompt)
      ? promptProblem(result.prompt)
      : `is ${describe(result.prompt)}; it must be an array of model messages`;
    if (problem) {
      throw invalidResult(
        processorId,
        'processLLMRequest',
        `returned a "prompt" that ${problem}. Return the "prompt" argument, edited, or nothing.`,
        undefined,
      );
    }
  }
  if (
    result.response !== undefined &&
    (typeof result.response !== 'object' ||
      result.response === null ||
      !Array.isArray((result.response as { chunks?: unknown }).chunks))
  ) {
    throw invalidResult(
      processorId,
      'processLLMRequest',
      'returned a "response" without a "chunks" array; return { response: { chunks: [{ type, payload }, …] } }.',
      undefined,
    );
  }
  return result.prompt !== undefined || result.response !== undefined ? 'changed' : 'passed';
}

/**
 * What is wrong with a prompt a processor returned, or `undefined`. One pass over the messages
 * (not their parts' contents): enough to name the processor here instead of letting the provider
 * fail on it with a message about the model, and to apply the loop's empty-prompt rule.
 */
function promptProblem(prompt: unknown[]): string | undefined {
  let conversational = false;
  for (let i = 0; i < prompt.length; i++) {
    const message = prompt[i] as { role?: unknown; content?: unknown } | null;
    if (typeof message !== 'object' || message === null)
      return `has item ${i} that is ${describe(message)}, not a message`;
    const { role, content } = message;
    if (role === 'system') {
      if (typeof content !== 'string')
        return `has a system message (item ${i}) whose content is ${describe(content)}, not a string`;
      continue;
    }
    if (role !== 'user' && role !== 'assistant' && role !== 'tool') {
      return `has item ${i} with role ${typeof role === 'string' ? JSON.stringify(role.slice(0, 40)) : describe(role)}; roles are system, user, assistant and tool`;
    }
    if (!Array.isArray(content))
      return `has a ${role} message (item ${i}) whose content is ${describe(content)}, not an array of parts`;
    for (let j = 0; j < content.length; j++) {
      const part = content[j] as { type?: unknown } | null;
      if (typeof part !== 'object' || part === null || typeof part.type !== 'string') {
        return `has a ${role} message (item ${i}) whose part ${j} is not a { type, … } object`;
      }
    }
    conversational = true;
  }
  return conversational
    ? undefined
    : 'has no user or assistant messages (the model call would have an empty prompt)';
}

/** `processAPIError` returns `{ retry: boolean }` or nothing. */
export function checkAPIErrorResult(value: unknown, processorId: string): HookOutcome {
  if (value === undefined || value === null) return 'passed';
  if (typeof value !== 'object' || typeof (value as { retry?: unknown }).retry !== 'boolean') {
    throw invalidResult(
      processorId,
      'processAPIError',
      `returned ${describe(value)}. Return { retry: true } to retry the call, { retry: false } or nothing to pass the error on.`,
      undefined,
    );
  }
  return (value as { retry: boolean }).retry ? 'retried' : 'passed';
}

function isSystemMessageArray(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((m) => typeof m === 'string' || (m as { role?: unknown } | null)?.role === 'system')
  );
}

function isMessageList(value: unknown): value is MessageList {
  return (
    typeof value === 'object' && value !== null && 'get' in value && 'add' in value && 'removeByIds' in value
  );
}

/** Make the list's messages of `scope` equal to `messages`: drop the missing, add or replace the rest. */
function reconcile(
  list: MessageList,
  messages: MastraDBMessage[],
  scope: 'all' | 'response',
  processorId: string,
  hook: ProcessorHookName,
): void {
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i];
    if (typeof message !== 'object' || message === null || typeof message.id !== 'string') {
      throw invalidResult(
        processorId,
        hook,
        `returned an array whose item ${i} is not a stored message (${describe(message)}). Return messages from the "messages" argument, edited or filtered.`,
        undefined,
      );
    }
  }
  const current = scope === 'response' ? list.get.response.db() : list.get.all.db();
  // The common case (the messages handed in, maybe edited in place) needs no id set: nothing to drop.
  if (!sameIdsInOrder(current, messages)) {
    const keep = new Set(messages.map((m) => m.id));
    const drop = current.filter((m) => m.role !== 'system' && !keep.has(m.id)).map((m) => m.id);
    if (drop.length > 0) list.removeByIds(drop);
  }
  for (const message of messages) {
    // An added message keeps the origin it had, so looking it up live equals a snapshot.
    const origin = list.originOf(message.id);
    const source =
      origin === 'memory' || origin === 'input' || origin === 'context'
        ? origin
        : origin === 'output'
          ? 'response'
          : message.role === 'user'
            ? 'input'
            : 'response';
    list.add(message, source);
  }
}

/** True when `messages` are exactly the non-system messages of `current`, by id and in order. */
function sameIdsInOrder(current: readonly MastraDBMessage[], messages: readonly MastraDBMessage[]): boolean {
  let j = 0;
  for (const message of current) {
    if (message.role === 'system') continue;
    if (j >= messages.length || (messages[j] as MastraDBMessage).id !== message.id) return false;
    j++;
  }
  return j === messages.length;
}

const STEP_RESULT_KEYS = new Set([
  'model',
  'toolChoice',
  'activeTools',
  'tools',
  'messages',
  'messageList',
  'systemMessages',
  'providerOptions',
  'modelSettings',
  'structuredOutput',
  'retryCount',
  'messageId',
]);

/** Apply a `processInputStep` result; returns `settings` itself when nothing was overridden. */
export function applyStepResult(
  list: MessageList,
  settings: StepSettings,
  result: unknown,
  id: string,
  hook: ProcessorHookName,
): StepSettings {
  if (result === undefined || result === null || result === list) return settings;
  if (Array.isArray(result)) {
    reconcile(list, result as MastraDBMessage[], 'all', id, hook);
    return { ...settings };
  }
  if (isMessageList(result)) throw otherListError(id, hook);
  if (typeof result !== 'object') {
    throw invalidResult(
      id,
      hook,
      `returned ${describe(result)}. Return an overrides object, the messageList, an array of messages, or nothing.`,
      undefined,
    );
  }
  const unknownKeys = Object.keys(result).filter((key) => !STEP_RESULT_KEYS.has(key));
  if (unknownKeys.length > 0) {
    throw invalidResult(
      id,
      hook,
      `returned unknown override(s) ${unknownKeys.map((k) => `"${k}"`).join(', ')}. Allowed: ${[...STEP_RESULT_KEYS].join(', ')}.`,
      undefined,
    );
  }
  const r = result as ProcessInputStepResult;
  if (r.messages !== undefined && !Array.isArray(r.messages)) {
    throw invalidResult(
      id,
      hook,
      `returned "messages" that is ${describe(r.messages)}; it must be an array of stored messages.`,
      undefined,
    );
  }
  if (r.messages && r.messageList) {
    throw invalidResult(
      id,
      hook,
      'returned both "messages" and "messageList"; return one of them.',
      undefined,
    );
  }
  if (r.messageList && r.messageList !== list) throw otherListError(id, hook);
  if (r.messages) reconcile(list, r.messages, 'all', id, hook);
  if (r.systemMessages !== undefined && !isSystemMessageArray(r.systemMessages)) {
    throw invalidResult(
      id,
      hook,
      `returned "systemMessages" that is not an array of system messages (${describe(r.systemMessages)}). Return [{ role: 'system', content: '…' }, …].`,
      undefined,
    );
  }
  const activeToolsIssue = activeToolsProblem(r.activeTools);
  if (activeToolsIssue) {
    throw invalidResult(id, hook, `returned "activeTools" that ${activeToolsIssue}`, undefined);
  }
  const toolChoiceIssue = toolChoiceProblem(r.toolChoice);
  if (toolChoiceIssue) {
    throw invalidResult(id, hook, `returned "toolChoice" that ${toolChoiceIssue}`, undefined);
  }
  const next: StepSettings = { ...settings };
  if (r.model !== undefined) next.model = r.model as never;
  if (r.toolChoice !== undefined) next.toolChoice = r.toolChoice;
  if (r.activeTools !== undefined) next.activeTools = r.activeTools;
  if (r.tools !== undefined) next.tools = r.tools;
  if (r.systemMessages !== undefined) next.systemMessages = r.systemMessages;
  if (r.providerOptions !== undefined) next.providerOptions = r.providerOptions;
  if (r.modelSettings !== undefined) next.modelSettings = r.modelSettings;
  if (r.structuredOutput !== undefined) next.structuredOutput = r.structuredOutput;
  if (r.messageId !== undefined) {
    if (typeof r.messageId !== 'string' || r.messageId === '') {
      throw invalidResult(
        id,
        hook,
        `returned "messageId" that is ${describe(r.messageId)}; it must be a non-empty string.`,
        undefined,
      );
    }
    next.messageId = r.messageId;
  }
  if (r.retryCount !== undefined && (!Number.isInteger(r.retryCount) || r.retryCount < 0)) {
    throw invalidResult(
      id,
      hook,
      `returned "retryCount" that is ${describe(r.retryCount)}; it must be a whole number ≥ 0.`,
      undefined,
    );
  }
  return next;
}

/**
 * What is wrong with a `toolChoice` value (the call's option or a step override), or
 * `undefined` when it is one of the documented forms. Checked where the value enters, so the
 * message can name the option or the processor instead of a tool called "undefined".
 */
export function toolChoiceProblem(value: unknown): string | undefined {
  if (value === undefined || value === 'auto' || value === 'none' || value === 'required') return undefined;
  if (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'tool') {
    const toolName = (value as { toolName?: unknown }).toolName;
    if (typeof toolName === 'string' && toolName !== '') return undefined;
    return `is { type: 'tool' } with a "toolName" that is ${describe(toolName)}; name the tool, e.g. { type: 'tool', toolName: 'weather' }.`;
  }
  return `is ${describe(value)}; use 'auto', 'none', 'required' or { type: 'tool', toolName: '<tool name>' }.`;
}

/**
 * What is wrong with an `activeTools` value, or `undefined` when it is an array of tool names.
 * A bare string would otherwise match no tool and silently disable every tool.
 */
export function activeToolsProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    return typeof value === 'string'
      ? `is ${describe(value)}; it must be an array of tool names, e.g. [${JSON.stringify(value.slice(0, 40))}].`
      : `is ${describe(value)}; it must be an array of tool names.`;
  }
  const bad = value.findIndex((name) => typeof name !== 'string');
  return bad === -1
    ? undefined
    : `has item ${bad} that is ${describe(value[bad])}; every item must be a tool name.`;
}

/**
 * A value's kind and, for primitives, the value itself (`a string ("3")`, `a number (3)`,
 * `an array`): how "is …"/"got …" phrases in error messages name a bad value.
 */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'bigint':
    case 'boolean':
    case 'symbol':
      return `a ${typeof value} (${describeValue(value)})`;
    default:
      return describeValue(value);
  }
}
