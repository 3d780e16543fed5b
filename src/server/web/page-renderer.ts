import { readFile, stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { PublicDataContext, RenderPage, ShareCard } from '../../shared/web-render.ts';
import { shareCardPath } from './share-cards.ts';

const HEAD_PLACEHOLDER = '<!--ssr-head-->';
const APP_PLACEHOLDER = '<!--ssr-app-->';

/** The client build's index.html, cut where the server puts the page's head tags and its markup. */
interface PageTemplate {
  beforeHead: string;
  beforeApp: string;
  afterApp: string;
}

export interface Renderer {
  render: RenderPage;
  template: PageTemplate;
}

export type Redirect = { kind: 'redirect'; status: number; location: string };

export type RenderedDocument =
  | {
      kind: 'document';
      status: number;
      html: string;
      error?: unknown;
      shareCard?: ShareCard | undefined;
    }
  | Redirect;

function parseTemplate(html: string, file: string): PageTemplate {
  const head = html.indexOf(HEAD_PLACEHOLDER);
  const app = html.indexOf(APP_PLACEHOLDER);
  if (head === -1 || app === -1 || app < head) {
    throw new Error(`${file} lacks the ${HEAD_PLACEHOLDER} and ${APP_PLACEHOLDER} placeholders`);
  }
  return {
    beforeHead: html.slice(0, head),
    beforeApp: html.slice(head + HEAD_PLACEHOLDER.length, app),
    afterApp: html.slice(app + APP_PLACEHOLDER.length),
  };
}

/**
 * Loads the server bundle's render() and the page template once; with `reloadOnChange` (`npm run dev`
 * rebuilds the web bundles while the server runs) again whenever either file changes.
 */
export function rendererLoader({
  templateFile,
  serverEntryFile,
  reloadOnChange,
}: {
  templateFile: string;
  serverEntryFile: string;
  reloadOnChange: boolean;
}): () => Promise<Renderer> {
  let cached: { version: string; renderer: Promise<Renderer> } | undefined;
  const versionOf = async () => {
    if (!reloadOnChange) return 'built';
    const [entry, template] = await Promise.all([stat(serverEntryFile), stat(templateFile)]);
    return `${entry.mtimeMs}-${template.mtimeMs}`;
  };
  const load = async (version: string): Promise<Renderer> => {
    const template = parseTemplate(await readFile(templateFile, 'utf8'), templateFile);
    const href = pathToFileURL(serverEntryFile).href;
    const module = (await import(reloadOnChange ? `${href}?v=${version}` : href)) as { render?: unknown };
    if (typeof module.render !== 'function') throw new Error(`${serverEntryFile} does not export render()`);
    return { render: module.render as RenderPage, template };
  };
  return async (): Promise<Renderer> => {
    const version = await versionOf();
    if (cached?.version !== version) {
      const entry = { version, renderer: load(version) };
      cached = entry;
      // A failed load (say, a build in progress) is retried by the next request.
      entry.renderer.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.renderer;
  };
}

const TEMPLATE_LANGUAGE = '<html lang="en">';

/** The page's language on its <html> element (the template is written in English). */
function withLanguage(beforeHead: string, lang: string): string {
  return lang === 'en' ? beforeHead : beforeHead.replace(TEMPLATE_LANGUAGE, `<html lang="${lang}">`);
}

/** The whole document for one URL. */
export async function renderDocument(
  { render, template }: Renderer,
  { origin, url, context }: { origin: string; url: string; context: PublicDataContext },
): Promise<RenderedDocument> {
  const result = await render({
    // Concatenated, not resolved: a path such as //example.com must stay a path on this site.
    url: `${origin}${url}`,
    origin,
    context,
    shareCardPath,
  });
  if (result.kind === 'redirect') return result;
  return {
    kind: 'document',
    status: result.status,
    html:
      withLanguage(template.beforeHead, result.lang) +
      result.head +
      template.beforeApp +
      result.html +
      template.afterApp,
    ...(result.error === undefined ? {} : { error: result.error }),
    ...(result.shareCard === undefined ? {} : { shareCard: result.shareCard }),
  };
}
