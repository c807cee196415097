// Shared with the world-casino lobby's search (features import lib, never each other).
export { useDebounced } from '../../lib/useDebounced.ts';
