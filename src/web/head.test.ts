import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headTags, serializeJsonData } from './head.ts';

describe('serializeJsonData', () => {
  it('keeps a value from closing the script element or opening a comment', () => {
    const json = serializeJsonData({ name: '</script><script>alert(1)</script> <!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script> <!-- & \u2028' });
  });

  it('parses back to the same data for any strings', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.string({ unit: 'grapheme' })), (data) => {
        const json = serializeJsonData(data);
        expect(json.toLowerCase()).not.toContain('</script');
        expect(JSON.parse(json)).toEqual(data);
      }),
    );
  });
});

describe('headTags', () => {
  const head = {
    title: 'Terms & "conditions" <b>',
    description: "It's <i>short</i>",
    path: '/terms',
  };

  it('escapes every value and writes canonical, Open Graph and Twitter tags', () => {
    const html = headTags(head, 'https://example.in', 'Sampark');
    expect(html).toContain('<title>Terms &amp; &quot;conditions&quot; &lt;b&gt;</title>');
    expect(html).toContain('<meta name="description" content="It&#39;s &lt;i&gt;short&lt;/i&gt;" />');
    expect(html).toContain('<link rel="canonical" href="https://example.in/terms" />');
    expect(html).toContain('<meta property="og:url" content="https://example.in/terms" />');
    expect(html).toContain('<meta property="og:site_name" content="Sampark" />');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toContain(
      '<meta name="twitter:title" content="Terms &amp; &quot;conditions&quot; &lt;b&gt;" />',
    );
    expect(html).not.toContain('ld+json');
  });

  it('marks pages without a canonical path as not to be indexed', () => {
    const html = headTags({ ...head, path: null }, 'https://example.in', null);
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:url');
    expect(html).not.toContain('og:site_name');
  });

  it('writes structured data as data blocks, escaped, with no nonce (they are never executed)', () => {
    const html = headTags(
      { ...head, jsonLd: (origin) => [{ '@type': 'Organization', url: `${origin}/`, name: '</script>' }] },
      'https://example.in',
      'Sampark',
    );
    expect(html).toContain(
      '<script type="application/ld+json">{"@type":"Organization","url":"https://example.in/","name":"\\u003c/script\\u003e"}</script>',
    );
  });

  it("writes a page's image as og:image with a large Twitter card, and its feed as an alternate link", () => {
    const html = headTags(
      {
        ...head,
        image: 'https://img.example/a.jpg?x=1&y="2"',
        feed: { title: 'S & co blog', path: '/blog/rss.xml' },
      },
      'https://example.in',
      'Sampark',
    );
    expect(html).toContain(
      '<meta property="og:image" content="https://img.example/a.jpg?x=1&amp;y=&quot;2&quot;" />',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="S &amp; co blog" href="https://example.in/blog/rss.xml" />',
    );
  });

  it('gives a picture on the site itself its full address, as Open Graph requires', () => {
    const html = headTags({ ...head, image: '/demo/blog/a.jpg' }, 'https://example.in', 'Sampark');
    expect(html).toContain('<meta property="og:image" content="https://example.in/demo/blog/a.jpg" />');
  });
});
