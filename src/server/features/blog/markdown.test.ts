import fc from 'fast-check';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { insertMarkdownBlock } from '../../../shared/rules/blog.ts';
import {
  MARKDOWN_MAX_NESTING,
  MARKDOWN_TOO_DEEP_MESSAGE,
  markdownNestingProblem,
  renderMarkdown,
  renderPostContent,
  UNRENDERABLE_POST_HTML,
} from './markdown.ts';

const REL = 'rel="nofollow noopener noreferrer"';

/** Unsafe output: a script element, an event handler attribute, or a script/data URL in a link or image. */
function expectSafe(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
  // Inside a tag only: the same words escaped as text (`&lt;a href=...`) are harmless.
  expect(html).not.toMatch(/<[^>]*\s(?:href|src)\s*=\s*["']?\s*(?:javascript|data|vbscript):/i);
}

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, emphasis, lists, quotes, rules, code and tables', async () => {
    const html = await renderMarkdown(
      [
        '# Title',
        '',
        'Some *soft* and **strong** text with `code` and ~~gone~~.',
        '',
        '- one',
        '- two',
        '',
        '1. first',
        '',
        '> quoted',
        '',
        '---',
        '',
        '```ts',
        'const x = 1 < 2;',
        '```',
        '',
        '| a | b |',
        '|:--|--:|',
        '| 1 | 2 |',
      ].join('\n'),
    );
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>soft</em>');
    expect(html).toContain('<strong>strong</strong>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<del>gone</del>');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote>\s*<p>quoted<\/p>\s*<\/blockquote>/);
    expect(html).toContain('<hr />');
    expect(html).toContain('<pre><code class="language-ts">const x = 1 &lt; 2;\n</code></pre>');
    expect(html).toMatch(/<table>[\s\S]*<th align="left">a<\/th>[\s\S]*<td align="right">2<\/td>/);
  });

  it('keeps http, https and mailto links, with rel nofollow noopener noreferrer', async () => {
    const html = await renderMarkdown(
      '[a](https://example.com/x?y=1&z=2) [b](http://example.com) [c](mailto:a@b.in)',
    );
    expect(html).toContain(`<a href="https://example.com/x?y=1&amp;z=2" ${REL}>a</a>`);
    expect(html).toContain(`<a href="http://example.com" ${REL}>b</a>`);
    expect(html).toContain(`<a href="mailto:a@b.in" ${REL}>c</a>`);
  });

  it('keeps http(s) images with their alt text, loaded lazily, and drops any other source', async () => {
    const html = await renderMarkdown(
      '![A cat](https://example.com/cat.png) ![x](data:image/png;base64,AAAA) ![y](cat.png)',
    );
    expect(html).toContain('<img src="https://example.com/cat.png" alt="A cat" loading="lazy" />');
    expect(html).not.toContain('data:');
    expect(html).not.toContain('cat.png"  ');
    expect(html.match(/<img/g)).toHaveLength(1);
  });

  it.each([
    ['<script>alert(1)</script>', ''],
    ['[x](javascript:alert(1))', `<p><a ${REL}>x</a></p>`],
    ['<a href="JaVaScRiPt:alert(1)">y</a>', `<p><a ${REL}>y</a></p>`],
    ['<a href="&#106;avascript:alert(1)">z</a>', `<p><a ${REL}>z</a></p>`],
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="https://e.in/a.png" onerror="alert(1)">', '<img src="https://e.in/a.png" loading="lazy" />'],
    ['<em onclick="alert(1)">hi</em>', '<p><em>hi</em></p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['[d](data:text/html;base64,PHNjcmlwdD4=)', `<p><a ${REL}>d</a></p>`],
  ])('makes %s harmless', async (markdown, expected) => {
    const html = await renderMarkdown(markdown);
    expectSafe(html);
    expect(html.trim()).toBe(expected);
  });

  it('never lets a hostile fragment through, whatever surrounds it', async () => {
    const hostile = fc.constantFrom(
      '<script>alert(1)</script>',
      '<SCRIPT SRC=//x.in/x.js></SCRIPT>',
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x]( javascript:alert(1) )',
      '[x](data:text/html,<script>alert(1)</script>)',
      '![i](javascript:alert(1))',
      '![i](data:image/svg+xml,<svg onload=alert(1)>)',
      '<img src=x onerror=alert(1)>',
      '<a href="JaVaScRiPt:alert(1)">a</a>',
      '<a href="java\tscript:alert(1)">a</a>',
      '<a href="&#x6A;avascript:alert(1)">a</a>',
      '<svg onload=alert(1)>',
      '<div onmouseover="alert(1)">x</div>',
      '<style>body{}</style>',
      '[ref]: javascript:alert(1)\n\n[ref]',
      '<<script>script>alert(1)<</script>/script>',
    );
    const markdownish = fc.constantFrom(
      '\n',
      '\n\n',
      ' ',
      '# ',
      '- ',
      '> ',
      '`',
      '```\n',
      '*',
      '[',
      '](',
      ')',
      '<',
      '>',
      '"',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(hostile, markdownish, fc.string({ maxLength: 20 })), { maxLength: 30 }),
        async (parts) => expectSafe(await renderMarkdown(parts.join(''))),
      ),
      { numRuns: 300 },
    );
  });
});

const quotes = (levels: number) => `${'>'.repeat(levels)} deep`;
const lists = (levels: number) => `${'- '.repeat(levels)}deep`;
const indentedLists = (levels: number) =>
  Array.from({ length: levels }, (_, level) => `${'  '.repeat(level)}- item ${level}`).join('\n');

/** Content that made marked run out of stack, each well within the 100,000 characters a post may have. */
const HOSTILE_MARKDOWN: [string, string][] = [
  ['2,000 nested quotes', quotes(2000)],
  ['100,000 nested quotes', '>'.repeat(100_000)],
  ['3,000 nested lists', lists(3000)],
  ['quotes and lists, 25,000 each', '> - '.repeat(25_000)],
  ['5,000 nested emphases', `${'*'.repeat(5000)}x${'*'.repeat(5000)}`],
  ['3,000 alternating emphases', `${'*a '.repeat(3000)}x${' a*'.repeat(3000)}`],
];

describe('markdownNestingProblem', () => {
  it('takes what people write: headings, lists in lists, quotes in lists, tables, emphasis in links', () => {
    const post = [
      '# Title',
      '',
      '> A quote with a list:',
      '> - one',
      '>   - two',
      '>     > and a quote in it',
      '',
      indentedLists(8),
      '',
      '| a | b |',
      '|---|---|',
      '| ***bold*** | [a *link*](https://example.com) |',
      '',
      '<blockquote><em>raw HTML</em></blockquote>',
    ].join('\n');
    expect(markdownNestingProblem(post)).toBeNull();
    expect(markdownNestingProblem('')).toBeNull();
  });

  it(`takes ${MARKDOWN_MAX_NESTING} levels of quotes, lists or emphasis and refuses one more`, () => {
    const emphases = (levels: number) => `${'*a '.repeat(levels)}x${' a*'.repeat(levels)}`;
    for (const nested of [quotes, lists, emphases]) {
      expect(markdownNestingProblem(nested(MARKDOWN_MAX_NESTING))).toBeNull();
      expect(markdownNestingProblem(nested(MARKDOWN_MAX_NESTING + 1))).toBe(MARKDOWN_TOO_DEEP_MESSAGE);
    }
    expect(markdownNestingProblem(indentedLists(MARKDOWN_MAX_NESTING + 1))).toBe(MARKDOWN_TOO_DEEP_MESSAGE);
  });

  it.each(HOSTILE_MARKDOWN)('refuses %s, quickly and without running out of stack', (_, markdown) => {
    const started = performance.now();
    expect(markdownNestingProblem(markdown)).toBe(MARKDOWN_TOO_DEEP_MESSAGE);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('renders whatever it takes', async () => {
    const part = fc.constantFrom(
      '> ',
      '- ',
      '1. ',
      '  ',
      '\n',
      '*',
      '**',
      '_',
      '[',
      '](x)',
      '~~',
      '`',
      'text ',
      '<em>',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 400 }), async (parts) => {
        const markdown = parts.join('');
        if (markdownNestingProblem(markdown) === null) expectSafe(await renderMarkdown(markdown));
      }),
      { numRuns: 300 },
    );
  });
});

describe('renderPostContent', () => {
  const logger = () =>
    ({ error: vi.fn() }) as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn> };

  it('renders a post as renderMarkdown does, logging nothing', async () => {
    const log = logger();
    expect(await renderPostContent({ _id: 'p1', content: '**hi**' }, log)).toBe(
      await renderMarkdown('**hi**'),
    );
    expect(log.error).not.toHaveBeenCalled();
  });

  it.each(HOSTILE_MARKDOWN)(
    'shows a note in place of %s and logs it once with the post id',
    async (_, content) => {
      const log = logger();
      expect(await renderPostContent({ _id: 'p1', content }, log)).toBe(UNRENDERABLE_POST_HTML);
      expect(UNRENDERABLE_POST_HTML).toBe('<p>This post cannot be shown right now.</p>');
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ postId: 'p1', err: expect.any(Error) }),
        'a blog post could not be rendered',
      );
    },
  );
});

describe('an image the blog editor inserts (shared/rules/blog.ts insertMarkdownBlock)', () => {
  const image = '![A harbour at dawn](https://example.com/harbour.png)';

  it.each([
    ['at the end of the last item', '- one\n- two'],
    ['on the line after the list', '- one\n- two\n'],
    ['between two items', '- one\n'],
  ])('renders outside the list when put %s', async (_, text) => {
    const html = await renderMarkdown(insertMarkdownBlock(text, text.length, image));
    expect(html).toMatch(/<\/ul>\s*<p><img[^>]*alt="A harbour at dawn"/);
    expect(html).not.toMatch(/<li>[^<]*(<p>)?\s*<img/);
  });

  it('keeps the text around it as it was, one blank line on each side', () => {
    expect(insertMarkdownBlock('Before\n\nAfter', 8, image)).toBe(`Before\n\n${image}\n\nAfter`);
    expect(insertMarkdownBlock('Before. After', 8, image)).toBe(`Before. \n\n${image}\n\nAfter`);
    expect(insertMarkdownBlock('', 0, image)).toBe(image);
  });
});
