import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

// A private instance: options set here never leak into (or from) another user of marked's global.
const marked = new Marked({ gfm: true, breaks: false, async: false });

const LINK_REL = 'nofollow noopener noreferrer';
const HTTP_URL = /^https?:\/\//i;
// Links may also point within the site (`/blog/other-post`, `#section`); never protocol-relative (`//host`).
const SITE_RELATIVE = /^(?:\/(?!\/)|#)/;

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  // What Markdown produces, and nothing else: raw HTML in a post survives only when it is one of these.
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'code',
    'pre',
    'blockquote',
    'em',
    'strong',
    'del',
    's',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const { href, ...rest } = attribs;
      const keep = href !== undefined && (SITE_RELATIVE.test(href) || /^(?:https?|mailto):/i.test(href));
      return { tagName, attribs: { ...rest, ...(keep ? { href } : {}), rel: LINK_REL } };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  // An image whose source is not an absolute http(s) URL (a relative path, data:, javascript:) is dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !HTTP_URL.test(frame.attribs.src ?? ''),
};

/** A post's Markdown as HTML that is safe to put in a page: no script, no event handler, no unsafe link. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}
