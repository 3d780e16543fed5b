import { Copy, ExternalLink } from 'lucide-react';
import { browserEscapeLink } from '../../../shared/rules/browser-escape.ts';
import type { InAppBrowser } from '../../../shared/web-render.ts';
import { useCopy } from '../../i18n/copy.tsx';

const BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * For a visitor in an app's browser (Instagram's, Facebook's…), which may not hand calls, chats or the contact
 * card on: a link that opens the page in the phone's browser, where one is known, and the page's link to copy
 * (decision 072). The copy button is the page script's (page-behaviours.ts); without script the link is there
 * to select.
 */
export function InAppBrowserBar({ browser, pageUrl }: { browser: InAppBrowser; pageUrl: string }) {
  const copy = useCopy('contact');
  const openLink = browserEscapeLink(browser, pageUrl);
  return (
    <section
      aria-labelledby="in-app-browser-heading"
      className="mb-8 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-300 sm:p-5"
    >
      <h2 id="in-app-browser-heading" className="font-semibold text-slate-900">
        {copy('inApp.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-800">{copy('inApp.body')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {openLink && (
          <a href={openLink} className={`${BUTTON} bg-indigo-700 text-white hover:bg-indigo-800`}>
            <ExternalLink aria-hidden="true" className="size-4" />
            {copy('inApp.open')}
          </a>
        )}
        <button
          type="button"
          hidden
          data-copy-link={pageUrl}
          data-copied={copy('inApp.copied')}
          data-copy-failed={copy('inApp.copyFailed')}
          className={`${BUTTON} bg-white text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50`}
        >
          <Copy aria-hidden="true" className="size-4" />
          {copy('inApp.copy')}
        </button>
      </div>
      <p className="mt-3 text-sm text-slate-800">
        {copy('inApp.linkLabel')} <span className="break-all font-medium select-all">{pageUrl}</span>
      </p>
      <p role="status" className="mt-2 text-sm font-medium text-slate-900" data-copy-status />
    </section>
  );
}
