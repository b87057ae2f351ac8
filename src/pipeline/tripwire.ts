// Kept only for the agent loop and runner, which still import it from here; goes once the loop has moved.
export { TripWire } from '../errors/tripwire.js';
