/**
 * The kit observes `onViolation` without breaking processors that keep it in unusual places
 * (frozen objects, getters, class methods) and keeps concurrent calls on one harness apart.
 */
import type { Processor, ProcessorViolation } from 'sluice/processors';
import { createProcessorHarness } from 'sluice/test';
import { describe, expect, it } from 'vitest';

function blocker(): Processor {
  return {
    id: 'blocker',
    processInput({ abort }) {
      abort('no', { metadata: { why: 'test' } });
    },
  };
}

describe('harness and onViolation', () => {
  it('a frozen processor runs; its tripwire is still reported as a violation', async () => {
    const seen: ProcessorViolation[] = [];
    const processor = Object.freeze({
      ...blocker(),
      onViolation: (v: ProcessorViolation) => void seen.push(v),
    });
    const h = createProcessorHarness(processor, { messages: 'hi' });
    const run = await h.processInput();
    expect(run.tripwire?.reason).toBe('no');
    expect(run.violations).toEqual([{ processorId: 'blocker', message: 'no', detail: { why: 'test' } }]);
    expect(seen).toHaveLength(1);
  });

  it('a frozen processor without onViolation runs and its tripwire is a violation', async () => {
    const h = createProcessorHarness(Object.freeze(blocker()), { messages: 'hi' });
    const run = await h.processInput();
    expect(run.violations).toHaveLength(1);
  });

  it('onViolation as a getter/setter pair over a #private field is restored after the call', async () => {
    class Reporter implements Processor {
      readonly id = 'reporter';
      #handler: ((v: ProcessorViolation) => void) | undefined = () => {};
      get onViolation() {
        return this.#handler;
      }
      set onViolation(fn) {
        this.#handler = fn;
      }
      async processInput({ messageList }: Parameters<NonNullable<Processor['processInput']>>[0]) {
        await this.onViolation?.({ processorId: this.id, message: 'seen', detail: undefined });
        return messageList;
      }
    }
    const processor = new Reporter();
    const original = processor.onViolation;
    const h = createProcessorHarness(processor, { messages: 'hi' });
    const first = await h.processInput();
    const second = await h.processInput();
    expect(first.violations).toHaveLength(1);
    expect(second.violations).toHaveLength(1);
    expect(processor.onViolation).toBe(original);
  });

  it('onViolation as a getter only (no setter) does not make the call throw', async () => {
    const seen: string[] = [];
    class Getter implements Processor {
      readonly id = 'getter';
      get onViolation() {
        return (v: ProcessorViolation) => void seen.push(v.message);
      }
      processInput({ abort }: Parameters<NonNullable<Processor['processInput']>>[0]): never {
        return abort('stop');
      }
    }
    const h = createProcessorHarness(new Getter(), { messages: 'hi' });
    const run = await h.processInput();
    expect(run.tripwire?.reason).toBe('stop');
    expect(run.violations.map((v) => v.message)).toEqual(['stop']);
    expect(seen).toEqual(['stop']);
  });

  it('concurrent calls on one harness keep their violations apart and restore onViolation', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let calls = 0;
    const user = (_v: ProcessorViolation) => {};
    const processor: Processor = {
      id: 'slow',
      onViolation: user,
      async processInput({ messageList }) {
        const n = ++calls;
        if (n === 1) await gate;
        await this.onViolation?.({ processorId: 'slow', message: `call ${n}`, detail: undefined });
        return messageList;
      },
    };
    const h = createProcessorHarness(processor, { messages: 'hi' });
    const first = h.processInput();
    const second = h.processInput();
    await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(a.violations.map((v) => v.message)).toEqual(['call 1']);
    expect(b.violations.map((v) => v.message)).toEqual(['call 2']);
    expect(processor.onViolation).toBe(user);
  });
});
