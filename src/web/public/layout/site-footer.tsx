import { Link } from 'react-router';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { buildChannelLink } from '../../../shared/rules/channel-links.ts';
import type { ContactFacts } from '../../../shared/rules/contact-facts.ts';
import { FOOTER_LINKS } from '../../content/site.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { FOCUS_RING } from './nav-links.tsx';

/** The brand, the support phone (the first published phone channel) and email, the links and the small print. */
export function SiteFooter({
  settings,
  contactFacts,
}: {
  settings: SiteSettings | null;
  contactFacts: ContactFacts;
}) {
  const copy = useCopy('site');
  const localize = useLocalize();
  const year = String(new Date().getFullYear());
  const phoneHref = contactFacts.phone && buildChannelLink('phone', contactFacts.phone);
  const emailHref = settings && buildChannelLink('email', settings.supportEmail);
  const linkClasses = cx('rounded hover:text-slate-900 hover:underline', FOCUS_RING);
  return (
    <footer className="border-t border-slate-200 bg-white/80 backdrop-blur">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-slate-600 md:grid-cols-[1fr_auto]">
        <div className="space-y-2">
          {settings && <p className="text-base font-semibold text-slate-900">{settings.brandName}</p>}
          <p>{copy('footerTagline')}</p>
          {settings && (
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              {phoneHref && (
                <a href={phoneHref} className={linkClasses}>
                  {contactFacts.phone}
                </a>
              )}
              {emailHref && (
                <a href={emailHref} className={linkClasses}>
                  {settings.supportEmail}
                </a>
              )}
            </p>
          )}
        </div>
        <nav aria-label={copy('footerNavLabel')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 md:justify-end">
            {FOOTER_LINKS.map((item) => (
              <li key={item.path}>
                <Link to={localize(item.path)} className={linkClasses}>
                  {copy(`nav.${item.key}`)}
                </Link>
              </li>
            ))}
            <li>
              <LanguageSwitch className="rounded font-semibold text-indigo-700 hover:underline" />
            </li>
          </ul>
        </nav>
        {settings && (
          <div className="space-y-1 border-t border-slate-200 pt-6 text-xs text-slate-700 md:col-span-2">
            <p>{copy('footerIndependence')}</p>
            <p>{copy('footerRights', { year })}</p>
          </div>
        )}
      </div>
    </footer>
  );
}
