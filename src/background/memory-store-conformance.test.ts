/** The in-memory task store against the one BackgroundTaskStore conformance suite. */
import { InMemoryBackgroundTaskStore } from 'sluice/background';
import { defineBackgroundTaskStoreConformance } from './testing/store-conformance.js';

defineBackgroundTaskStoreConformance('InMemoryBackgroundTaskStore', async () => ({
  store: new InMemoryBackgroundTaskStore(),
}));
