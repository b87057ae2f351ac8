/**
 * A local fake LLM provider for tests: one HTTP server speaking OpenAI Chat Completions, OpenAI Responses
 * and Anthropic Messages, scripted with provider-neutral responses and faults.
 */
export { type FakeSuccessOptions, fakeHttpError, fakeText, fakeToolCall } from './builders.js';
export { startFakeProviderServer } from './server.js';
export type {
  FakeEndpoint,
  FakeEvent,
  FakeFinishReason,
  FakeHangResponse,
  FakeHttpErrorResponse,
  FakeMalformedResponse,
  FakeProviderServer,
  FakeProviderServerOptions,
  FakeReasoningEvent,
  FakeResetResponse,
  FakeResponse,
  FakeScriptFields,
  FakeStreamErrorResponse,
  FakeSuccessResponse,
  FakeTextEvent,
  FakeToolArgs,
  FakeToolCallEvent,
  FakeUsage,
  RecordedRequest,
} from './types.js';
