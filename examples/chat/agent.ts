/**
 * The agent behind the example chat page (`npm run chat`): one tool, a prompt-injection detector
 * on the input, a PII detector redacting the streamed answer, and memory in a SQLite file.
 *
 * Offline by default: a scripted model picks its answer from the user's last message, so every
 * case the page shows can be played without a key. With OPENAI_API_KEY (or ANTHROPIC_API_KEY)
 * set, a real model answers instead.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { z } from 'zod';
import { Agent } from '../../src/agent/index.js';
import { Memory } from '../../src/memory/index.js';
import { PIIDetector, PromptInjectionDetector } from '../../src/processors/index.js';
import { SqliteStore } from '../../src/sqlite/index.js';
import { ScriptedModel, type ScriptedStep } from '../../src/test/index.js';
import { createTool } from '../../src/tools/index.js';

/** The e-mail address the scripted "my email" answer contains; the page must never show it. */
export const SCRIPTED_EMAIL = 'jane.doe@example.com';

/** The last sentence of the scripted long answer: the page shows it once the answer is complete. */
export const LONG_ANSWER_END = 'And that is the whole story.';

const STORY =
  'Once upon a time a small agent streamed its answers one word at a time. ' +
  'Its readers waited patiently for every word, and some of them reloaded the page halfway through. ' +
  'The agent did not mind: it kept writing, and each answer was waiting for them when they came back. ' +
  'Over the years it learned many tools, checked every sentence for personal data, ' +
  'and politely refused the odd request to forget its instructions.';

const weather = createTool({
  id: 'get-weather',
  description: 'Current weather for a city.',
  inputSchema: z.object({ city: z.string().describe('City name') }),
  execute: async ({ city }) => {
    const table: Record<string, { tempC: number; sky: string }> = {
      lisbon: { tempC: 21, sky: 'sunny' },
      oslo: { tempC: 4, sky: 'overcast' },
    };
    return { city, ...(table[city.toLowerCase()] ?? { tempC: 15, sky: 'clear' }) };
  },
});

/** Options of {@link createChatAgent}. */
export interface ChatAgentOptions {
  /** The SQLite file memory lives in (its folder is created). */
  dbPath: string;
  /** Delay between the chunks of the scripted long answer, in ms. Default 120. */
  slowChunkMs?: number;
}

/** The agent and what the server reports about it. */
export interface ChatAgent {
  agent: Agent<{ weather: typeof weather }>;
  /** `provider/model`, for the startup line. */
  modelName: string;
  /** Closes the SQLite file. */
  close(): void;
}

/** Builds the example's agent on a SQLite memory file. */
export function createChatAgent(options: ChatAgentOptions): ChatAgent {
  mkdirSync(dirname(options.dbPath), { recursive: true });
  const storage = new SqliteStore({ path: options.dbPath });
  const memory = new Memory({ storage, options: { lastMessages: 20 } });
  const model = chooseModel(options.slowChunkMs ?? 120);
  const agent = new Agent({
    id: 'chat-example',
    instructions:
      'You are a friendly assistant. Use the weather tool for weather questions and answer in one or two sentences.',
    model,
    tools: { weather },
    // Offline scoring: no helper model, no network. A flagged message ends the run with a tripwire
    // before the model is called; the page renders it as a message.
    inputProcessors: [new PromptInjectionDetector({ strategy: 'block' })],
    // Redacts personal data in the streamed text before it leaves the server: the browser only
    // ever receives the placeholder.
    outputProcessors: [new PIIDetector({ strategy: 'redact', redactionMethod: 'placeholder' })],
    memory,
  });
  return {
    agent,
    modelName: typeof model === 'string' ? model : `${model.provider}/${model.modelId}`,
    close: () => storage.close(),
  };
}

function chooseModel(slowChunkMs: number): string | ScriptedModel {
  if (process.env.OPENAI_API_KEY) return 'openai/gpt-5-mini';
  if (process.env.ANTHROPIC_API_KEY) return 'anthropic/claude-haiku-4-5';
  return new ScriptedModel({
    provider: 'scripted',
    modelId: 'chat-example',
    steps: (call) => reply(call.prompt, slowChunkMs),
  });
}

/** The scripted model's answer to a prompt: chosen from the last user message's words. */
function reply(prompt: LanguageModelV4Prompt, slowChunkMs: number): ScriptedStep {
  const last = prompt[prompt.length - 1];
  if (last?.role === 'tool') {
    const output = last.content.find((part) => part.type === 'tool-result')?.output;
    const result =
      output?.type === 'json' ? (output.value as { city?: string; tempC?: number; sky?: string }) : {};
    return { text: [`It is ${result.tempC}°C `, `and ${result.sky} `, `in ${result.city}.`] };
  }
  const text = lastUserText(prompt).toLowerCase();
  if (text.includes('weather')) {
    const city = text.includes('oslo') ? 'Oslo' : 'Lisbon';
    return { toolCalls: [{ toolName: 'weather', args: { city } }] };
  }
  if (text.includes('email')) {
    // Split across chunks on purpose: the detector holds text back until the whole address is seen.
    return {
      text: ['Sure! The address on file ', 'is jane.doe@exa', 'mple.com, in case ', 'you need it.'],
    };
  }
  if (text.includes('story')) {
    // Three words a chunk, slowly: long enough that a reload lands in the middle of it (the PII
    // detector releases text a window of 160 characters at a time).
    const words = STORY.split(' ');
    const chunks: string[] = [];
    for (let i = 0; i < words.length; i += 3) chunks.push(`${words.slice(i, i + 3).join(' ')} `);
    return { text: [...chunks, LONG_ANSWER_END], delayMs: slowChunkMs };
  }
  return {
    text: 'Try "What is the weather in Lisbon?", "What is my email?", "Tell me a story" or a prompt injection.',
  };
}

function lastUserText(prompt: LanguageModelV4Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i];
    if (message?.role !== 'user') continue;
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}
