import type { FastifyBaseLogger } from 'fastify';
import { Lexer, Marked, type Token, type TokensList } from 'marked';
import type sanitizeHtml from 'sanitize-html';
import type { UploadPicture } from '../../../shared/contracts/uploads.ts';
import { BLOG_MESSAGES } from '../../../shared/rules/blog.ts';
import { uploadOfUrl } from '../../../shared/rules/upload-addresses.ts';

/**
 * sanitize-html, with postcss and htmlparser2, is loaded by the first post rendered: most requests render
 * none, and a rendered page is then cached (decision 064 has what it saves).
 */
let sanitizer: Promise<typeof sanitizeHtml> | undefined;
const loadSanitizer = () => (sanitizer ??= import('sanitize-html').then((module) => module.default));

// A private instance: options set here never leak into (or from) another user of marked's global.
const marked = new Marked({ gfm: true, breaks: false, async: false });

const LINK_REL = 'nofollow noopener noreferrer';
const HTTP_URL = /^https?:\/\//i;
// Links may also point within the site (`/blog/other-post`, `#section`); never protocol-relative (`//host`).
const SITE_RELATIVE = /^(?:\/(?!\/)|#)/;

/** A post's column: 48rem less its padding, the screen's width less the padding below that. */
const POST_IMAGE_SIZES = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';

/** An image's attributes: the author's source, alt and title; an uploaded image's sizes and its own size. */
function imageAttributes(attribs: sanitizeHtml.Attributes, pictures: ReadonlyMap<string, UploadPicture>) {
  const { src = '', alt, title } = attribs;
  const upload = uploadOfUrl(src);
  const picture = upload ? pictures.get(upload.id) : undefined;
  return {
    src,
    ...(alt === undefined ? {} : { alt }),
    ...(title === undefined ? {} : { title }),
    loading: 'lazy',
    ...(picture?.sources[0]
      ? {
          // Every browser that reads srcset shows WebP but a few older Safaris; `src` (the original) is theirs.
          srcset: picture.sources[0].srcset,
          sizes: POST_IMAGE_SIZES,
          width: String(picture.width),
          height: String(picture.height),
          decoding: 'async',
        }
      : {}),
  };
}

const sanitizeOptions = (pictures: ReadonlyMap<string, UploadPicture>): sanitizeHtml.IOptions => ({
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
    img: ['src', 'alt', 'title', 'loading', 'srcset', 'sizes', 'width', 'height', 'decoding'],
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
    img: (tagName, attribs) => ({ tagName, attribs: imageAttributes(attribs, pictures) }),
  },
  // An image whose source is neither an absolute http(s) URL nor an upload (another relative path, data:,
  // javascript:) is dropped.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !HTTP_URL.test(frame.attribs.src ?? '') && !uploadOfUrl(frame.attribs.src ?? ''),
});
const NO_PICTURES: ReadonlyMap<string, UploadPicture> = new Map();

/**
 * How deeply a post's Markdown may nest: quotes and lists inside one another, or emphasis and links inside
 * one another. marked reads and renders each level with a recursive call and runs out of stack at about
 * 2,000 levels of quotes (fewer inside a busier call stack), after a time that grows with the square of the
 * depth; 100 leaves a wide margin, and no post a person writes comes near it.
 */
export const MARKDOWN_MAX_NESTING = 100;
export const MARKDOWN_TOO_DEEP_MESSAGE = `Content is nested too deeply: use at most ${MARKDOWN_MAX_NESTING} levels of quotes, lists or emphasis inside one another`;

class MarkdownTooDeepError extends Error {}

/**
 * marked's lexer, counting the levels it descends: every level of nesting is one call of blockTokens (quotes,
 * list items) or inlineTokens (emphasis, links), so it stops at the level past the limit, long before the
 * stack or the clock runs out, and nothing deeper reaches the renderer.
 */
class NestingLimitedLexer extends Lexer {
  // The document itself is level 0: its first call is no nesting.
  #level = -1;

  #descend(): void {
    this.#level += 1;
    if (this.#level > MARKDOWN_MAX_NESTING) throw new MarkdownTooDeepError();
  }

  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[];
  override blockTokens(src: string, tokens?: TokensList, lastParagraphClipped?: boolean): TokensList;
  override blockTokens(src: string, tokens: Token[] = [], lastParagraphClipped?: boolean): Token[] {
    this.#descend();
    try {
      return super.blockTokens(src, tokens, lastParagraphClipped);
    } finally {
      this.#level -= 1;
    }
  }

  override inlineTokens(src: string, tokens?: Token[]): Token[] {
    this.#descend();
    try {
      return super.inlineTokens(src, tokens);
    } finally {
      this.#level -= 1;
    }
  }
}

/** The post's tokens, read with marked's options; throws MarkdownTooDeepError past the nesting limit. */
function lex(markdown: string): TokensList {
  return new NestingLimitedLexer(marked.defaults).lex(markdown);
}

/** The message for Markdown nested too deeply to render (refused at save and preview), or null. */
export function markdownNestingProblem(markdown: string): string | null {
  try {
    lex(markdown);
    return null;
  } catch (error) {
    if (error instanceof MarkdownTooDeepError) return MARKDOWN_TOO_DEEP_MESSAGE;
    throw error;
  }
}

/** A post's Markdown as HTML that is safe to put in a page: no script, no event handler, no unsafe link. */
export async function renderMarkdown(
  markdown: string,
  pictures: ReadonlyMap<string, UploadPicture> = NO_PICTURES,
): Promise<string> {
  const html = marked.parser(lex(markdown));
  return (await loadSanitizer())(html, sanitizeOptions(pictures));
}

export const UNRENDERABLE_POST_HTML = `<p>${BLOG_MESSAGES.cannotShow}</p>`;

/**
 * A stored post's content as HTML for a page or the API. Content saved before the nesting limit existed (or
 * written to the database by other means) may still be refused by the renderer: the reader then gets a clear
 * note instead of an error page, and the failure is logged with the post's id for the admin to fix.
 */
export async function renderPostContent(
  post: { _id: string; content: string },
  log: FastifyBaseLogger,
  pictures?: ReadonlyMap<string, UploadPicture>,
): Promise<string> {
  try {
    return await renderMarkdown(post.content, pictures);
  } catch (error) {
    log.error({ err: error, postId: post._id }, 'a blog post could not be rendered');
    return UNRENDERABLE_POST_HTML;
  }
}
