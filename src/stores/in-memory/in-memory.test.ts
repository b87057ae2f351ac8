import { InMemoryStore } from 'sluice/memory';
import { defineStoreConformance } from '../testing/conformance.js';

// The documented contract of MemoryStorage, against the process-local store.
defineStoreConformance('InMemoryStore', async () => ({ store: new InMemoryStore() }));
