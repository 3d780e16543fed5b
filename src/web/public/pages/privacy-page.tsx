import { Ban, EyeOff, Inbox, type LucideIcon, Trash2 } from 'lucide-react';
import { PRIVACY_COPY, type PrivacyCard } from '../../content/privacy.ts';
import { staticHead } from '../page-head.ts';
import { type FillCopy, useCopy } from '../site-settings-data.ts';
import { Tabs } from '../ui/tabs.tsx';
import { SupportLinks, TextLinks, TextPage } from '../ui/text-page.tsx';

const COPY = PRIVACY_COPY;

export const handle = staticHead(COPY.meta, '/privacy');

const CARD_ICONS: Record<PrivacyCard['icon'], { icon: LucideIcon; classes: string }> = {
  'eye-off': { icon: EyeOff, classes: 'bg-indigo-50 text-indigo-700' },
  ban: { icon: Ban, classes: 'bg-red-50 text-red-700' },
  inbox: { icon: Inbox, classes: 'bg-emerald-50 text-emerald-700' },
  trash: { icon: Trash2, classes: 'bg-amber-50 text-amber-800' },
};

/** Where a reader goes to have their data deleted: support, or the self-service page. */
const DELETION_LINKS = [
  { to: '/contact', label: COPY.support.contactLink },
  { to: '/delete-account', label: COPY.deleteAccountLink },
];

function Overview({ fill }: { fill: FillCopy }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {COPY.overviewCards.map((card: PrivacyCard) => {
        const { icon: Icon, classes } = CARD_ICONS[card.icon];
        return (
          <li key={card.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span className={`inline-flex size-11 items-center justify-center rounded-xl ${classes}`}>
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-slate-900">{card.title}</h2>
            <p className="mt-2 text-slate-700">{fill(card.body)}</p>
            {card.items && (
              <ul className="mt-3 flex flex-wrap gap-2">
                {card.items.map((item) => (
                  <li key={item} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                    {item}
                  </li>
                ))}
              </ul>
            )}
            {card.icon === 'trash' && <TextLinks links={DELETION_LINKS} className="mt-4" />}
          </li>
        );
      })}
    </ul>
  );
}

function DetailedPolicy({ fill }: { fill: FillCopy }) {
  return (
    <div className="space-y-4">
      {COPY.sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`privacy-${section.id}`}
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
        >
          <h2 id={`privacy-${section.id}`} className="text-xl font-bold text-slate-900">
            {section.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{fill(paragraph)}</p>
            ))}
          </div>
          {'items' in section && section.items && (
            <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.id === 'deletion' && <TextLinks links={DELETION_LINKS} className="mt-4" />}
        </section>
      ))}
    </div>
  );
}

/** Privacy Policy (SPEC section 2, "Privacy Policy page"), true of this site (DESIGN.md). */
export function PrivacyPage() {
  const fill = useCopy();
  return (
    <TextPage heading={COPY.heading} lead={COPY.lead}>
      <Tabs
        label={COPY.tabsLabel}
        idPrefix="privacy"
        defaultTab="overview"
        tabs={[
          { id: 'overview', label: COPY.tabs.overview, panel: <Overview fill={fill} /> },
          { id: 'details', label: COPY.tabs.details, panel: <DetailedPolicy fill={fill} /> },
        ]}
      />
      <div className="mt-10">
        <SupportLinks copy={COPY.support} />
      </div>
    </TextPage>
  );
}
