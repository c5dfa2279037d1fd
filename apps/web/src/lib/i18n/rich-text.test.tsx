import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';

const draw = (text: string) =>
  renderToStaticMarkup(
    <RichText text={text} components={{ strong: <strong className="x" />, terms: <a href="/terms" /> }} />,
  );

describe('RichText', () => {
  it.each([
    ['plain text', 'plain text'],
    ["It's <strong>free</strong>.", 'It&#x27;s <strong class="x">free</strong>.'],
    ['<strong>a</strong> and <terms>b</terms>', '<strong class="x">a</strong> and <a href="/terms">b</a>'],
    ['an <unknown>tag</unknown> is its text', 'an tag is its text'],
    ['a <strong>broken tag', 'a &lt;strong&gt;broken tag'],
    [
      '<strong>first</strong><strong>second</strong>',
      '<strong class="x">first</strong><strong class="x">second</strong>',
    ],
    ['<script>alert(1)</script>', 'alert(1)'],
    ['a & b <strong>x < y</strong>', 'a &amp; b <strong class="x">x &lt; y</strong>'],
  ])('%s', (text, html) => {
    expect(draw(text)).toBe(html);
  });
});
