/** Being found and embedded (issue 47): structured data, sitemaps, language links, oEmbed. */
export * from './opening-hours-specification.ts';
export * from './place-structured-data.ts';
export * from './language-urls.ts';
export * from './sitemaps.ts';
export * from './embed.ts';
export * from './page-words.ts';
