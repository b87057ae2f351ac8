import { z } from 'zod/v4';
import { instanceOf, openObject, taggedUnion } from './open-object.js';

// Part and message schemas of stored ("format 2") messages, as they travel through processor
// workflows. They mirror `src/messages/types.ts`; every object is loose so fields added later
// (or by other tools) survive validation. Values that may be lost in a JSON round trip
// (`undefined` args, results, data) are optional so remembered messages still pass.

const ProviderMetadataSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

/** Fields any stored part may carry besides its own. */
const partCommon = {
  providerMetadata: ProviderMetadataSchema.optional(),
  createdAt: z.number().optional(),
};

/** A text part. */
export const TextPartSchema = openObject({
  type: z.literal('text'),
  text: z.string(),
  ...partCommon,
});

/** An image part: a URL, data URL, base64 string or bytes. */
export const ImagePartSchema = openObject({
  type: z.literal('image'),
  image: z.union([z.string(), instanceOf(URL), instanceOf(Uint8Array), instanceOf(ArrayBuffer)]),
  mimeType: z.string().optional(),
  mediaType: z.string().optional(),
  ...partCommon,
});

/** A file part: `data` is a URL, a data URL or base64. */
export const FilePartSchema = openObject({
  type: z.literal('file'),
  data: z.string(),
  mimeType: z.string(),
  filename: z.string().optional(),
  ...partCommon,
});

const toolCallCommon = {
  toolCallId: z.string(),
  toolName: z.string(),
  args: z.unknown().optional(),
  step: z.number().optional(),
};

const ToolInvocationSchema = taggedUnion('state', [
  openObject({ state: z.literal('partial-call'), ...toolCallCommon }),
  openObject({ state: z.literal('call'), ...toolCallCommon }),
  openObject({
    state: z.literal('result'),
    ...toolCallCommon,
    result: z.unknown().optional(),
    isError: z.boolean().optional(),
  }),
]);

/** A tool call and, once executed, its result (`partial-call`, `call` or `result` state). */
export const ToolInvocationPartSchema = openObject({
  type: z.literal('tool-invocation'),
  toolInvocation: ToolInvocationSchema,
  providerExecuted: z.boolean().optional(),
  ...partCommon,
});

const ReasoningDetailSchema = taggedUnion('type', [
  openObject({ type: z.literal('text'), text: z.string(), signature: z.string().optional() }),
  openObject({ type: z.literal('redacted'), data: z.string() }),
]);

/** A reasoning part (model "thinking"), with its signed or redacted details. */
export const ReasoningPartSchema = openObject({
  type: z.literal('reasoning'),
  reasoning: z.string(),
  details: z.array(ReasoningDetailSchema),
  ...partCommon,
});

/** A cited source. `url` is optional so non-URL sources (documents) pass too. */
export const SourcePartSchema = openObject({
  type: z.literal('source'),
  source: openObject({
    sourceType: z.string(),
    id: z.string(),
    url: z.string().optional(),
    title: z.string().optional(),
    providerMetadata: ProviderMetadataSchema.optional(),
  }),
  ...partCommon,
});

/** Boundary between two loop iterations inside one assistant message. */
export const StepStartPartSchema = openObject({
  type: z.literal('step-start'),
  model: z.string().optional(),
  createdAt: z.number().optional(),
});

/** A custom `data-*` part. */
export const DataPartSchema = openObject({
  type: z.templateLiteral(['data-', z.string()]),
  id: z.string().optional(),
  data: z.unknown().optional(),
  createdAt: z.number().optional(),
});

/**
 * Any part of a stored message. The fixed `type`s are a discriminated union (so an issue
 * points into the matching part); `data-*` parts cannot be a discriminator value and sit beside it.
 */
export const MessagePartSchema = z.union([
  taggedUnion('type', [
    TextPartSchema,
    ImagePartSchema,
    FilePartSchema,
    ToolInvocationPartSchema,
    ReasoningPartSchema,
    SourcePartSchema,
    StepStartPartSchema,
  ]),
  DataPartSchema,
]);

/** Message content, format 2: `parts` is the source of truth, the rest are legacy mirrors. */
export const MessageContentSchema = openObject({
  format: z.literal(2),
  parts: z.array(MessagePartSchema),
  content: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  providerMetadata: ProviderMetadataSchema.optional(),
  // Legacy fields our stored messages may carry; typed loosely, they are derived from `parts`.
  toolInvocations: z.array(z.unknown()).optional(),
  reasoning: z.string().optional(),
  experimental_attachments: z.array(z.unknown()).optional(),
  annotations: z.array(z.unknown()).optional(),
});

/**
 * Same schema as {@link MessageContentSchema}, under the name processor step data uses.
 * @alias
 */
export const ProcessorMessageContentSchema = MessageContentSchema;

/** A stored message as it appears in processor step data. */
export const ProcessorMessageSchema = openObject({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'system', 'tool', 'signal']),
  createdAt: z.date(),
  threadId: z.string().optional(),
  resourceId: z.string().optional(),
  type: z.string().optional(),
  content: MessageContentSchema,
});

/** One part of a message in step data. */
export type MessagePart = z.infer<typeof MessagePartSchema>;
/** Message content in step data. */
export type MessageContent = z.infer<typeof MessageContentSchema>;
/** A message in step data; every `MastraDBMessage` is one. */
export type ProcessorMessage = z.infer<typeof ProcessorMessageSchema>;
