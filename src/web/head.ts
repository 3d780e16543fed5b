/** What a public page declares for <head>: the server renders it, the browser keeps it current. */
export interface PageHead {
  title: string;
  description: string;
  /** The canonical path, e.g. '/contact'; null for pages that must not be indexed (errors). */
  path: string | null;
  type?: 'website' | 'article';
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin).href;
}

/** The <head> tags of a page as escaped HTML, for the server to inject into the template. */
export function headTags(head: PageHead, origin: string, siteName: string): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
  ];
  if (head.path === null) {
    tags.push('<meta name="robots" content="noindex" />');
  } else {
    tags.push(`<link rel="canonical" href="${escapeHtml(absoluteUrl(origin, head.path))}" />`);
  }
  tags.push(
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
  );
  if (head.path !== null) {
    tags.push(`<meta property="og:url" content="${escapeHtml(absoluteUrl(origin, head.path))}" />`);
  }
  return tags.join('\n    ');
}

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string | null): void {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

function meta(key: 'name' | 'property', name: string): () => HTMLMetaElement {
  return () => {
    const element = document.createElement('meta');
    element.setAttribute(key, name);
    return element;
  };
}

/**
 * The origin the server used for canonical URLs (PUBLIC_ORIGIN may differ from the address in the browser
 * behind a proxy); read once from the server-rendered tags.
 */
let siteOrigin: string | undefined;
function currentSiteOrigin(): string {
  if (siteOrigin === undefined) {
    const rendered = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
    siteOrigin = rendered ? new URL(rendered).origin : window.location.origin;
  }
  return siteOrigin;
}

/** Brings the document's <head> in line with the page after a client-side navigation. */
export function applyHead(head: PageHead): void {
  const url = head.path === null ? null : absoluteUrl(currentSiteOrigin(), head.path);
  if (document.title !== head.title) document.title = head.title;
  upsert('meta[name="description"]', meta('name', 'description'), 'content', head.description);
  upsert('meta[name="robots"]', meta('name', 'robots'), 'content', head.path === null ? 'noindex' : null);
  upsert(
    'link[rel="canonical"]',
    () => {
      const link = document.createElement('link');
      link.rel = 'canonical';
      return link;
    },
    'href',
    url,
  );
  upsert('meta[property="og:type"]', meta('property', 'og:type'), 'content', head.type ?? 'website');
  upsert('meta[property="og:title"]', meta('property', 'og:title'), 'content', head.title);
  upsert('meta[property="og:description"]', meta('property', 'og:description'), 'content', head.description);
  upsert('meta[property="og:url"]', meta('property', 'og:url'), 'content', url);
}
