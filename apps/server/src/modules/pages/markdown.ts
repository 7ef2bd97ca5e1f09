import MarkdownIt from 'markdown-it';

/*
 * The owner's pages are Markdown, rendered here to HTML the storefront shows as it is
 * (docs/decisions/069-owner-pages-markdown.md). Only the subset the editor promises is parsed: headings,
 * paragraphs, lists, links and emphasis. Raw HTML is never passed through (`html: false` writes it as
 * text), and a link keeps its href only if it is http(s), mailto or an address of the shop itself.
 */

const md = new MarkdownIt('zero', { html: false, linkify: false, typographer: false }).enable([
  'heading',
  'lheading',
  'list',
  'link',
  'emphasis',
  'escape',
  'entity',
  'newline',
]);

/** A scheme, as a URL starts with it ('javascript:', 'mailto:'); none for a relative address. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

md.validateLink = (url: string) => {
  const link = url.trim();
  if (SCHEME.test(link)) return /^(https?|mailto):/i.test(link);
  // '//host/…' leaves the shop like an absolute address, without saying which scheme: refused.
  return !link.startsWith('//') && !link.startsWith('\\');
};

// The page's title is its one <h1>: the text's headings start one level below ('# Envíos' is an <h2>).
const headingTag = (tag: string) => `h${Math.min(Number(tag.slice(1)) + 1, 6)}`;
md.renderer.rules.heading_open = (tokens, idx) => `<${headingTag(tokens[idx]?.tag ?? 'h1')}>`;
md.renderer.rules.heading_close = (tokens, idx) => `</${headingTag(tokens[idx]?.tag ?? 'h1')}>\n`;

/** The HTML of a page's Markdown: only the subset above, sanitized, ready to be shown as it is. */
export function renderPageMarkdown(markdown: string): string {
  return md.render(markdown);
}
