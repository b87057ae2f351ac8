// Seeds 000/003 ("Example: block prompt injection in tool output").
import type { Processor, ProcessToolResultArgs } from 'sluice/processors';

export class ScanToolResult implements Processor {
  id = 'scan-tool-result';

  async processToolResult({ result, abort }: ProcessToolResultArgs) {
    const text = typeof result === 'string' ? result : JSON.stringify(result);
    if (containsPromptInjection(text)) {
      abort('blocked by scan-tool-result: suspected prompt injection');
    }
  }
}

function containsPromptInjection(text: string): boolean {
  return /ignore (all )?(previous|prior) instructions/i.test(text);
}
