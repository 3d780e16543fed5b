import { type ReactNode, useMemo } from 'react';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { type ContactFacts, NO_CONTACT_FACTS } from '../../../shared/rules/contact-facts.ts';
import { navItems } from '../../content/site.ts';
import { useCopy } from '../../i18n/copy.tsx';
import { BottomTabBar } from './bottom-tab-bar.tsx';
import { LanguageSuggestion } from './language-switch.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** A slow drift of soft colour behind the pages; CSS only (styles.css), and still for visitors who ask for less motion. */
function AnimatedBackground() {
  return (
    <div aria-hidden="true" className="site-backdrop">
      <div />
      <div />
      <div />
    </div>
  );
}

/** The site's values that the chrome shows (none when they could not be loaded), and the page inside it. */
export interface PublicShellProps {
  settings: SiteSettings | null;
  contactFacts?: ContactFacts;
  children: ReactNode;
}

/** The chrome of every public page (header, navigation, footer) around its content. */
export function PublicShell({ settings, contactFacts = NO_CONTACT_FACTS, children }: PublicShellProps) {
  const items = useMemo(() => navItems(settings), [settings]);
  const copy = useCopy('site');

  return (
    <div className="relative isolate flex min-h-dvh flex-col bg-slate-50 pb-16 text-slate-900 md:pb-0">
      <AnimatedBackground />
      <a
        href="#main"
        className="sr-only z-40 rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {copy('skipToContent')}
      </a>
      <SiteHeader settings={settings} items={items} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter settings={settings} contactFacts={contactFacts} />
      <BottomTabBar items={items} />
      <LanguageSuggestion />
    </div>
  );
}
