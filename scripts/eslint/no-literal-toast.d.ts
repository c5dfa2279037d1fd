import type { ESLint, Rule } from 'eslint';

export const noLiteralToast: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
