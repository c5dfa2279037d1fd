/**
 * Links between the repository's documents resolve: every relative link in the README, docs/,
 * bench/README.md and the CONTEXT.md files names a file that exists and, with a #fragment into
 * a Markdown file, a heading it has (GitHub's anchors). Text moved between documents keeps
 * working links.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const documents = [
  'README.md',
  'bench/README.md',
  'packages/core/CONTEXT.md',
  'apps/server/CONTEXT.md',
  'apps/web/CONTEXT.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The document's lines outside fenced code blocks. */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^\s*```/u.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/** GitHub's anchors of a Markdown file's headings (github-slugger: repeats get -1, -2…). */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/u.exec(line)?.[1];
    if (heading === undefined) continue;
    const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/gu, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /gu, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Relative link targets in a document's prose: [text](target) and ![alt](target). */
function linksOf(markdown: string): string[] {
  const links: string[] = [];
  for (const line of proseLines(markdown)) {
    const withoutCode = line.replace(/`[^`]*`/gu, '');
    for (const match of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/gu)) {
      const target = match[1] ?? '';
      if (!/^[a-z][a-z0-9+.-]*:/iu.test(target)) links.push(target);
    }
  }
  return links;
}

function brokenLinks(document: string): string[] {
  const markdown = readFileSync(join(root, document), 'utf8');
  return linksOf(markdown).flatMap((link) => {
    const [path = '', fragment] = link.split('#');
    const target = path === '' ? document : normalize(join(dirname(document), decodeURIComponent(path)));
    if (!existsSync(join(root, target))) return [`${link} (no file ${target})`];
    if (fragment === undefined || !target.endsWith('.md')) return [];
    const anchors = anchorsOf(readFileSync(join(root, target), 'utf8'));
    return anchors.has(fragment) ? [] : [`${link} (no heading #${fragment} in ${target})`];
  });
}

describe('links between documents', () => {
  it.each(documents)('%s links only to files and headings that exist', (document) => {
    expect(brokenLinks(document)).toEqual([]);
  });

  it('finds anchors as GitHub makes them', () => {
    const anchors = anchorsOf(
      '# Scale: 1 000 000 locations\n## Figures\n## Figures\n## After `capacitor.config.ts`, (Prometheus)\n```\n# not a heading\n```',
    );
    expect([...anchors]).toEqual([
      'scale-1-000-000-locations',
      'figures',
      'figures-1',
      'after-capacitorconfigts-prometheus',
    ]);
  });
});
