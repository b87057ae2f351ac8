export { TripWire } from './tripwire.js';
export * from './types.js';
