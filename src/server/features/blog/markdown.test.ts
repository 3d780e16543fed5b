import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

const REL = 'rel="nofollow noopener noreferrer"';

/** Unsafe output: a script element, an event handler attribute, or a script/data URL in a link or image. */
function expectSafe(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
  // Inside a tag only: the same words escaped as text (`&lt;a href=...`) are harmless.
  expect(html).not.toMatch(/<[^>]*\s(?:href|src)\s*=\s*["']?\s*(?:javascript|data|vbscript):/i);
}

describe('renderMarkdown', () => {
  it('renders headings, paragraphs, emphasis, lists, quotes, rules, code and tables', () => {
    const html = renderMarkdown(
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

  it('keeps http, https and mailto links, with rel nofollow noopener noreferrer', () => {
    const html = renderMarkdown(
      '[a](https://example.com/x?y=1&z=2) [b](http://example.com) [c](mailto:a@b.in)',
    );
    expect(html).toContain(`<a href="https://example.com/x?y=1&amp;z=2" ${REL}>a</a>`);
    expect(html).toContain(`<a href="http://example.com" ${REL}>b</a>`);
    expect(html).toContain(`<a href="mailto:a@b.in" ${REL}>c</a>`);
  });

  it('keeps http(s) images with their alt text, loaded lazily, and drops any other source', () => {
    const html = renderMarkdown(
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
  ])('makes %s harmless', (markdown, expected) => {
    const html = renderMarkdown(markdown);
    expectSafe(html);
    expect(html.trim()).toBe(expected);
  });

  it('never lets a hostile fragment through, whatever surrounds it', () => {
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
    fc.assert(
      fc.property(
        fc.array(fc.oneof(hostile, markdownish, fc.string({ maxLength: 20 })), { maxLength: 30 }),
        (parts) => expectSafe(renderMarkdown(parts.join(''))),
      ),
      { numRuns: 300 },
    );
  });
});
