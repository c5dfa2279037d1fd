/** The facts feature's public entry: what other features may import from it. */
export { refreshShownFacts } from './shown-facts.ts';
