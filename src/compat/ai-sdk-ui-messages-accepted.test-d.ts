/**
 * Item 11 of issue #32: `UIMessage[]` from the AI SDK (majors 5, 6 and 7: the dev dependencies
 * `ai5`, `ai6` and `ai`) type-check as the messages of `generate()` and `stream()`, as they already
 * run. One block per major; each major's own tool and data generics are exercised too.
 */
import type { UIMessage as UIMessage7 } from 'ai';
import type { UIMessage as UIMessage5 } from 'ai5';
import type { UIMessage as UIMessage6 } from 'ai6';
import { Agent } from 'sluice/agent';
import type { MessageListInput } from 'sluice/messages';
import { ScriptedModel } from 'sluice/test';
import { expectTypeOf } from 'vitest';

const agent = new Agent({ id: 'ui', instructions: 'x', model: new ScriptedModel({ steps: ['ok'] }) });

type Meta = { createdAt: number };
type Data = { weather: { city: string } };

// ai 5
declare const v5: UIMessage5[];
declare const v5Typed: UIMessage5<Meta, Data>[];
expectTypeOf(v5).toExtend<MessageListInput>();
expectTypeOf(v5Typed).toExtend<MessageListInput>();
void agent.generate(v5);
void agent.stream(v5Typed);

// ai 6
declare const v6: UIMessage6[];
declare const v6Typed: UIMessage6<Meta, Data>[];
expectTypeOf(v6).toExtend<MessageListInput>();
expectTypeOf(v6Typed).toExtend<MessageListInput>();
void agent.generate(v6);
void agent.stream(v6Typed);

// ai 7
declare const v7: UIMessage7[];
declare const v7Typed: UIMessage7<Meta, Data>[];
expectTypeOf(v7).toExtend<MessageListInput>();
expectTypeOf(v7Typed).toExtend<MessageListInput>();
void agent.generate(v7);
void agent.stream(v7Typed);

// One message alone is accepted too.
declare const one: UIMessage6;
void agent.generate(one);

// Still a checked type: a number is not a message.
expectTypeOf<number[]>().not.toExtend<MessageListInput>();
