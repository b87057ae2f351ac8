/**
 * A processor workflow with `.branch()` (our own example; the seeds show only `.parallel()`).
 *
 * The `audience-guard` workflow sits in `inputProcessors` like a processor. For each request it
 * picks at most one treatment, trying the conditions in order:
 *
 * 1. the request context says `audience: 'external'` → a `PIIDetector` step redacts e-mail
 *    addresses, phone numbers, … before the model sees them;
 * 2. otherwise, a user message longer than {@link MAX_USER_CHARS} → the plain step
 *    `clip-long-messages` cuts it down;
 * 3. otherwise the messages pass through unchanged.
 *
 * The first condition that holds wins, so an external user's long message is redacted but not
 * clipped. To apply both, put the second treatment in a `.then()` after the branch.
 *
 * As after `.parallel()`, the step after the branch gets the output of the step that ran under its
 * step id (`{ 'processor:pii-detector': … }`), or `{}` when no condition held; the `.map()` picks
 * whichever ran and falls back to the workflow's input (`getInitData()`).
 */
import { Agent } from 'sluice/agent';
import { PIIDetector, type ProcessorStepInput, ProcessorStepSchema } from 'sluice/processors';
import { createStep, createWorkflow } from 'sluice/workflows';

/** Longest user text (in characters) the agent passes on to internal requests. */
export const MAX_USER_CHARS = 2_000;
/** What replaces the cut-off tail of a clipped message. */
export const CLIP_MARKER = ' […clipped]';

/** The request-context key (and value) that marks a request from outside the company. */
export const AUDIENCE_KEY = 'audience';

type PhaseMessage = Extract<ProcessorStepInput, { phase: 'input' }>['messages'][number];

/** Characters of text in one message's text parts. */
function textLength(message: PhaseMessage): number {
  let length = 0;
  for (const part of message.content.parts) if (part.type === 'text') length += part.text.length;
  return length;
}

/** True when the input phase carries a user message over the limit (other phases: never). */
function hasLongUserMessage(data: ProcessorStepInput): boolean {
  return (
    data.phase === 'input' && data.messages.some((m) => m.role === 'user' && textLength(m) > MAX_USER_CHARS)
  );
}

/**
 * A plain step (`createStep({ id, inputSchema, outputSchema, execute })`): it runs in every phase
 * the workflow runs in, so it acts only on `input` and hands any other phase on as it came.
 * Returning `messages` is enough; the engine applies them to the run's message list.
 */
export const clipLongMessages = createStep({
  id: 'clip-long-messages',
  description: `Cuts user messages down to ${MAX_USER_CHARS} characters of text.`,
  inputSchema: ProcessorStepSchema,
  outputSchema: ProcessorStepSchema,
  execute: ({ inputData }) => {
    if (inputData.phase !== 'input') return inputData;
    const messages = inputData.messages.map((message) => {
      if (message.role !== 'user' || textLength(message) <= MAX_USER_CHARS) return message;
      let budget = MAX_USER_CHARS;
      const parts = message.content.parts.map((part) => {
        if (part.type !== 'text') return part;
        const kept = part.text.slice(0, Math.max(budget, 0));
        const cut = kept.length < part.text.length;
        budget -= kept.length;
        return cut ? { ...part, text: kept + CLIP_MARKER } : part;
      });
      // A copy, never an edit in place: the caller's message objects stay as they were.
      return { ...message, content: { ...message.content, parts } };
    });
    return { ...inputData, messages };
  },
});

/** The workflow: redact for external users, else clip long messages, else pass through. */
export const audienceGuard = createWorkflow({
  id: 'audience-guard',
  inputSchema: ProcessorStepSchema,
  outputSchema: ProcessorStepSchema,
})
  .branch([
    [
      ({ requestContext }) => requestContext?.get(AUDIENCE_KEY) === 'external',
      createStep(new PIIDetector({ strategy: 'redact' })),
    ],
    [({ inputData }) => hasLongUserMessage(inputData), clipLongMessages],
  ])
  .map(
    ({ inputData, getInitData }) =>
      inputData['processor:pii-detector'] ?? inputData['clip-long-messages'] ?? getInitData(),
  )
  .commit();

/** A support agent whose input goes through the workflow before every model call. */
export const supportAgent = new Agent({
  id: 'support-agent',
  name: 'Support Agent',
  instructions: 'You answer questions about orders and deliveries.',
  model: 'openai/gpt-5-mini',
  inputProcessors: [audienceGuard],
});
