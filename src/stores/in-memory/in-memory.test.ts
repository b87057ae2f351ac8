import { InMemoryStore } from 'sluice/memory';
import { defineStoreConformance } from '../conformance.js';

// The documented contract of MemoryStorage, against the process-local store.
defineStoreConformance('InMemoryStore', async () => ({ store: new InMemoryStore() }));
