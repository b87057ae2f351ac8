/**
 * Working memory: a persistent scratchpad the model keeps up to date through the
 * `updateWorkingMemory` tool. Markdown working memory is replaced as a whole; JSON (schema)
 * working memory is deep-merged into what is stored (objects merge key by key, `null` deletes a
 * key, arrays and scalars replace). Resource scope keeps it on the resource, thread scope in the
 * thread's `metadata.workingMemory`.
 */
import { toJsonSchema } from '../schema/to-json-schema.js';
import type { SchemaInput } from '../schema/types.js';

/** How the working-memory system message starts (so a later step can find and refresh it). */
export const WORKING_MEMORY_MARKER = 'WORKING_MEMORY_SYSTEM_INSTRUCTION:';

/** The name of the tool the model updates working memory with. */
export const UPDATE_WORKING_MEMORY_TOOL = 'updateWorkingMemory';

/** The template working memory starts from when the config names neither a template nor a schema. */
export const DEFAULT_WORKING_MEMORY_TEMPLATE = `# User Information
- **First Name**:
- **Last Name**:
- **Location**:
- **Occupation**:
- **Interests**:
- **Goals**:
- **Events**:
- **Facts**:
- **Projects**:
`;

/** What `memory.getWorkingMemoryTemplate()` returns. */
export type WorkingMemoryTemplate =
  | { format: 'markdown'; content: string }
  | { format: 'json'; content: string };

/** The template of a working-memory config: Markdown text, or the JSON Schema as text. */
export async function workingMemoryTemplate(config: {
  template?: string;
  schema?: SchemaInput;
}): Promise<WorkingMemoryTemplate> {
  if (config.schema !== undefined) {
    const schema = await toJsonSchema(config.schema);
    return { format: 'json', content: JSON.stringify(schema, null, 2) };
  }
  return { format: 'markdown', content: config.template ?? DEFAULT_WORKING_MEMORY_TEMPLATE };
}

/**
 * The system message memory adds to a call: how to use the tool, the template and the current
 * data. Never stored as a thread message.
 */
export function workingMemorySystemMessage(
  template: WorkingMemoryTemplate,
  data: string | null,
  readOnly: boolean,
): string {
  const how = readOnly
    ? 'This is what you know about the user from earlier conversations (read-only in this conversation).'
    : template.format === 'json'
      ? `Keep the working memory below up to date: when you learn something worth remembering, call the ${UPDATE_WORKING_MEMORY_TOOL} tool with { "memory": <an object with only the fields that changed> }; it is merged into the stored object (null deletes a field). Do not mention the tool to the user.`
      : `Keep the working memory below up to date: when you learn something worth remembering, call the ${UPDATE_WORKING_MEMORY_TOOL} tool with { "memory": <the whole updated Markdown, following the template> }; it replaces what is stored. Do not mention the tool to the user.`;
  return [
    WORKING_MEMORY_MARKER,
    how,
    '',
    `<working_memory_template>\n${template.content}\n</working_memory_template>`,
    '',
    `<working_memory_data>\n${data ?? ''}\n</working_memory_data>`,
  ].join('\n');
}

/** True for a plain object (not an array, not null). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merge a JSON update into the stored working memory: objects key by key (recursively), `null`
 * deletes a key, anything else replaces. Pure; returns a new object.
 */
export function mergeWorkingMemory(stored: unknown, update: unknown): unknown {
  if (!isPlainObject(update)) return update;
  const base = isPlainObject(stored) ? stored : {};
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(update)) {
    if (value === null) delete out[key];
    else if (isPlainObject(value)) out[key] = mergeWorkingMemory(base[key], value);
    else out[key] = value;
  }
  return out;
}

/** Parse stored JSON working memory; text that is not JSON counts as empty. */
export function parseStoredJson(text: string | null | undefined): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
