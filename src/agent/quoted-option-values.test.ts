/**
 * A string passed where a number or boolean belongs is shown quoted in the error, so `'3'` never
 * reads as the number 3 ("must be a positive integer (got 3)" would make no sense to the reader).
 */
import { describe, expect, it } from 'vitest';
import { ScriptedModel } from '../test/index.js';
import { Agent } from './agent.js';

const model = () => new ScriptedModel({ steps: ['ok'] });

describe('agent option errors quote string values', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['maxSteps', { maxSteps: '3' }, '(got "3")'],
    ['maxProcessorRetries', { maxProcessorRetries: '2' }, '(got "2")'],
    ['errorProcessorDefaults', { errorProcessorDefaults: 'false' }, '(got "false")'],
    ['memory', { memory: 'chat-1' }, '(got "chat-1")'],
  ])('constructor %s', (_name, extra, said) => {
    expect(() => new Agent({ id: 'a', instructions: 'x', model: model(), ...extra } as never)).toThrow(said);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['maxSteps', { maxSteps: '3' }, '(got "3")'],
    ['maxProcessorRetries', { maxProcessorRetries: '1' }, '(got "1")'],
    ['modelSettings.timeoutMs', { modelSettings: { timeoutMs: '100' } }, '(got "100")'],
    ['a number stays unquoted', { maxSteps: 0 }, '(got 0)'],
  ])('call %s', async (_name, options, said) => {
    const agent = new Agent({ id: 'a', instructions: 'x', model: model() });
    await expect(agent.generate('hi', options as never)).rejects.toThrow(said);
  });
});
