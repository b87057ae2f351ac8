function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The text of a tool's `toModelOutput` value: a string as is; a provider-spec output
 * (`{ type: 'text' | 'json' | 'content', value }`) unwrapped, `content` items reduced to their
 * text; anything else as JSON.
 */
function modelOutputText(output: unknown): string {
  if (typeof output !== 'object' || output === null || !('type' in output) || !('value' in output)) {
    return stringify(output);
  }
  const { type, value } = output as { type: unknown; value: unknown };
  if (type === 'content' && Array.isArray(value)) {
    const texts: string[] = [];
    for (const item of value) {
      if (typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'text') {
        texts.push(stringify((item as { text?: unknown }).text));
      }
    }
    return texts.join('\n');
  }
  if (type === 'text' || type === 'json' || type === 'error-text' || type === 'error-json') {
    return stringify(value);
  }
  return stringify(output);
}

/**
 * The compact line that replaces a filtered call and its result when `preserveModelOutput` is
 * on: the tool's name and its model-facing output, nothing of the raw arguments or result.
 */
export function compactToolOutput(toolName: string, modelOutput: unknown): string {
  return `[${toolName} result] ${modelOutputText(modelOutput)}`;
}
