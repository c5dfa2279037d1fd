/**
 * A translated sentence with marked words: "It's <strong>free</strong> … our <terms>terms</terms>."
 * Each <name>…</name> is drawn with `components[name]` around its text (flat, not nested: no
 * text needs more). It replaces react-i18next's Trans, whose parser was 4.5 KB brotli on the
 * first screen (issue 28). A tag without a component is shown as its text alone.
 */
import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

const MARKED = /<([a-z][a-z0-9]*)>(.*?)<\/\1>/gsu;

export function richTextParts(
  text: string,
  components: Readonly<Record<string, ReactElement<{ children?: ReactNode }>>>,
): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKED)) {
    const [whole, name = '', inner = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const component = components[name];
    parts.push(
      component ? (
        cloneElement(component, { key: parts.length }, inner)
      ) : (
        <Fragment key={parts.length}>{inner}</Fragment>
      ),
    );
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function RichText({
  text,
  components,
}: {
  readonly text: string;
  readonly components: Readonly<Record<string, ReactElement<{ children?: ReactNode }>>>;
}) {
  return <>{richTextParts(text, components)}</>;
}
