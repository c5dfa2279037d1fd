/**
 * ESLint rule `playspot/no-literal-toast` (issue 45): what a toast says comes from the locale
 * files. eslint-plugin-i18next's no-literal-string looks at JSX text only (and never inside
 * template literals), so "“${title}” is on the calendar." in a notifySuccess call passed it.
 * This rule reports words typed into the arguments of the toast calls it is given (`callees`,
 * regular expressions for the callee as written: 'notifySuccess', 'toast(\\.\\w+)?'), in
 * strings, template literals, either side of `? :`, `||`, `??` and `+`, and a toast's
 * `render`. Text made only of the proper names in `allow` (PlaySpot, OpenStreetMap…),
 * digits and punctuation is left alone.
 */

const LETTER = /\p{L}/u;

/** @param {readonly string[]} names */
function withoutNames(names) {
  if (names.length === 0) return (text) => text;
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'));
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return (text) => text.replace(pattern, '');
}

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralToast = {
  meta: {
    type: 'problem',
    docs: { description: 'Toast calls take their words from the locale files, not literal text' },
    schema: [
      {
        type: 'object',
        properties: {
          callees: { type: 'array', items: { type: 'string' } },
          allow: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      literal:
        'Words in a toast ({{text}}): put them in src/locales/<lang>/*.json and call t()/i18n.t() (proper names may be allow-listed).',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const callees = (options.callees ?? []).map((source) => new RegExp(`^(?:${source})$`, 'u'));
    const strip = withoutNames(options.allow ?? []);
    const hasWords = (text) => typeof text === 'string' && LETTER.test(strip(text));

    /** @param {import('estree').Node} node */
    function report(node, text) {
      const shown = text.trim().length > 40 ? `${text.trim().slice(0, 40)}…` : text.trim();
      context.report({ node, messageId: 'literal', data: { text: JSON.stringify(shown) } });
    }

    /** @param {import('estree').Node | null | undefined} node */
    function check(node) {
      if (!node) return;
      switch (node.type) {
        case 'Literal':
          if (hasWords(node.value)) report(node, String(node.value));
          return;
        case 'TemplateLiteral':
          for (const quasi of node.quasis) {
            if (hasWords(quasi.value.cooked)) report(quasi, quasi.value.cooked ?? '');
          }
          node.expressions.forEach(check);
          return;
        case 'ConditionalExpression':
          check(node.consequent);
          check(node.alternate);
          return;
        case 'LogicalExpression':
          check(node.left);
          check(node.right);
          return;
        case 'BinaryExpression':
          if (node.operator === '+') {
            check(node.left);
            check(node.right);
          }
          return;
        case 'ObjectExpression':
          for (const property of node.properties) {
            if (property.type !== 'Property') continue;
            const key = property.key.type === 'Identifier' ? property.key.name : null;
            if (key === 'render') check(property.value);
          }
          return;
        default:
          return;
      }
    }

    return {
      CallExpression(node) {
        const callee = context.sourceCode.getText(node.callee);
        if (!callees.some((pattern) => pattern.test(callee))) return;
        node.arguments.forEach(check);
      },
    };
  },
};

export default { rules: { 'no-literal-toast': noLiteralToast } };
