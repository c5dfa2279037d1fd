/** The users feature's public entry: what other features may import from it. */
export { toCurrentUser } from './user-shapes.ts';
