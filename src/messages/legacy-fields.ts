import type { MastraMessageContentV2, ToolInvocation } from './types.js';

/**
 * Recompute the legacy mirrors of a format-2 content object from its `parts`:
 * `content.content` (concatenated text parts) and `content.toolInvocations` (the
 * `toolInvocation` objects of the tool-invocation parts, same references). A mirror with
 * nothing to hold is removed. Linear in the number of parts.
 */
export function syncLegacyFields(content: MastraMessageContentV2): MastraMessageContentV2 {
  let text = '';
  let hasText = false;
  const invocations: ToolInvocation[] = [];
  for (const part of content.parts) {
    if (part.type === 'text') {
      text += part.text;
      hasText = true;
    } else if (part.type === 'tool-invocation') {
      invocations.push(part.toolInvocation);
    }
  }
  if (hasText) content.content = text;
  else if (content.content === undefined) content.content = '';
  if (invocations.length > 0) content.toolInvocations = invocations;
  // `delete` only when needed: deleting a property that is not there still turns the object
  // into a slow dictionary-mode object, on every message.
  else if (content.toolInvocations !== undefined) delete content.toolInvocations;
  return content;
}
