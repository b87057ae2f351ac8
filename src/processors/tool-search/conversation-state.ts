import type { MastraDBMessage } from '../../messages/types.js';

/** Name of the search meta-tool. */
export const SEARCH_TOOL_NAME = 'search_tools';
/** Name of the load meta-tool. */
export const LOAD_TOOL_NAME = 'load_tool';

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}

/**
 * The tools a conversation has loaded, read from the results of the meta-tools still in it
 * (`storage: 'context'`): every name a `load_tool` result reports as `loaded` or
 * `alreadyLoaded`, and with `autoLoad` every name a `search_tools` result lists. Failed calls
 * count for nothing. Linear in the messages' parts.
 */
export function loadedInConversation(messages: readonly MastraDBMessage[], autoLoad: boolean): Set<string> {
  const loaded = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content.parts) {
      if (part.type !== 'tool-invocation') continue;
      const invocation = part.toolInvocation;
      if (invocation.state !== 'result' || invocation.isError) continue;
      const result = invocation.result as Record<string, unknown> | null | undefined;
      if (typeof result !== 'object' || result === null) continue;
      if (invocation.toolName === LOAD_TOOL_NAME) {
        for (const name of names(result.loaded)) loaded.add(name);
        for (const name of names(result.alreadyLoaded)) loaded.add(name);
      } else if (autoLoad && invocation.toolName === SEARCH_TOOL_NAME && Array.isArray(result.results)) {
        for (const hit of result.results) {
          const name = (hit as { name?: unknown } | null)?.name;
          if (typeof name === 'string') loaded.add(name);
        }
      }
    }
  }
  return loaded;
}
