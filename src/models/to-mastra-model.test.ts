import { describe, expect, it } from 'vitest';
import { SluiceError } from '../errors/index.js';
import { ScriptedModel, scriptedModelV2, scriptedModelV3 } from '../test/scripted-model.js';
import { isMastraLanguageModel } from './is-mastra-language-model.js';
import { toMastraModel } from './to-mastra-model.js';

function catchError(fn: () => unknown): SluiceError {
  try {
    fn();
  } catch (error) {
    if (SluiceError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('toMastraModel', () => {
  it('dispatches on specificationVersion', () => {
    expect(toMastraModel(scriptedModelV2({ steps: [] })).specificationVersion).toBe('v2');
    expect(toMastraModel(scriptedModelV3({ steps: [] })).specificationVersion).toBe('v3');
    expect(toMastraModel(new ScriptedModel({ steps: [] })).specificationVersion).toBe('v4');
  });

  it('returns a Sluice model as is, and recognises hand-written ones', () => {
    const adapted = toMastraModel(new ScriptedModel({ steps: [] }));
    expect(toMastraModel(adapted)).toBe(adapted);
    expect(isMastraLanguageModel(adapted)).toBe(true);
    const handWritten = {
      specificationVersion: 'v4' as const,
      provider: 'custom',
      modelId: 'm',
      original: null,
      supportedUrls: async () => ({}),
      doStream: async () => ({ stream: new ReadableStream() }),
    };
    expect(toMastraModel(handWritten)).toBe(handWritten);
    expect(isMastraLanguageModel(new ScriptedModel({ steps: [] }))).toBe(false);
  });

  it('rejects spec v1 models with an upgrade hint', () => {
    const v1 = {
      specificationVersion: 'v1',
      provider: 'openai.chat',
      modelId: 'gpt-4',
      doStream: async () => ({}),
    };
    const error = catchError(() => toMastraModel(v1 as never));
    expect(error.code).toBe('MODEL_UNSUPPORTED');
    expect(error.name).toBe('ConfigurationError');
    expect(error.message).toContain('specification v1');
    expect(error.message).toContain('"openai.chat/gpt-4"');
    expect(error.message).toMatch(/v2, v3 or v4/);
  });

  it('rejects other values, naming what was received and what is accepted', () => {
    const unknownVersion = catchError(() =>
      toMastraModel({ specificationVersion: 'v9', provider: 'x', modelId: 'y', doStream: () => 0 } as never),
    );
    expect(unknownVersion.code).toBe('MODEL_UNSUPPORTED');
    expect(unknownVersion.message).toContain('specificationVersion "v9"');
    expect(unknownVersion.message).toContain('specification v2, v3 or v4');

    const plain = catchError(() => toMastraModel({ name: 'gpt' } as never));
    expect(plain.message).toContain('without specificationVersion (keys: name)');

    const text = catchError(() => toMastraModel('openai/gpt-4o' as never));
    expect(text.message).toContain('the string "openai/gpt-4o"');
    expect(text.message).toContain('resolveModel');

    expect(catchError(() => toMastraModel(null as never)).message).toContain('received null');
  });
});
