// Seeds 000/003 ("Abort and tripwire chunks"): abort() with options. `abort` is the function
// every hook receives; here it is a parameter so the call can stand alone.
import type { ProcessorContext } from 'sluice/processors';

export function blockPii(abort: ProcessorContext['abort']) {
  abort('Blocked content detected', { retry: false, metadata: { category: 'pii' } });
}
