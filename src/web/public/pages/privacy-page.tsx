import { Ban, EyeOff, Inbox, type LucideIcon, Trash2 } from 'lucide-react';
import type { Catalogues } from '../../i18n/catalogues.ts';
import { type Copy, useCopy, useLocalize } from '../../i18n/copy.tsx';
import { staticHead } from '../page-head.ts';
import { Card } from '../ui/card.tsx';
import { Tabs } from '../ui/tabs.tsx';
import { SupportLinks, TextLinks, TextPage } from '../ui/text-page.tsx';

export const handle = staticHead('privacy', '/privacy');

type Privacy = Catalogues['privacy'];
type PrivacyCopy = Copy<Privacy>;
type CardKey = keyof Privacy['overviewCards'];
type SectionKey = keyof Privacy['sections'];
/** The keys of the parts (cards or sections) whose texts end in a list of items. */
type WithItems<Parts> = { [Key in keyof Parts]: 'items' extends keyof Parts[Key] ? Key : never }[keyof Parts];

type ListCardKey = WithItems<Privacy['overviewCards']>;
type OverviewCard = { icon: LucideIcon; iconClasses: string } & (
  | { key: Exclude<CardKey, ListCardKey>; hasItems?: never }
  | { key: ListCardKey; hasItems: true }
);

/** The overview's cards in order: each one's texts' key in `overviewCards`, and its icon. */
const CARDS: readonly OverviewCard[] = [
  { key: 'notCollected', icon: EyeOff, iconClasses: 'bg-indigo-50 text-indigo-700', hasItems: true },
  { key: 'noTracking', icon: Ban, iconClasses: 'bg-red-50 text-red-700' },
  { key: 'contactForm', icon: Inbox, iconClasses: 'bg-emerald-50 text-emerald-700', hasItems: true },
  { key: 'deletion', icon: Trash2, iconClasses: 'bg-amber-50 text-amber-800' },
];

/** The detailed policy's sections in order: each one's id on the page and its texts' key in `sections`. */
const SECTIONS: readonly (
  | { id: string; key: Exclude<SectionKey, WithItems<Privacy['sections']>>; hasItems?: never }
  | { id: string; key: WithItems<Privacy['sections']>; hasItems: true }
)[] = [
  { id: 'who', key: 'who' },
  { id: 'not-collected', key: 'notCollected' },
  { id: 'contact-form', key: 'contactForm', hasItems: true },
  { id: 'technical', key: 'technical' },
  { id: 'use', key: 'use' },
  { id: 'deletion', key: 'deletion' },
  { id: 'changes', key: 'changes' },
];

/** 0, 1, ... up to a list's length: its items' indexes. */
function indexes(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

/** Where a reader goes to have their data deleted: support, or the self-service page. */
function deletionLinks(copy: PrivacyCopy, localize: (path: string) => string) {
  return [
    { to: localize('/contact'), label: copy('support.contactLink') },
    { to: localize('/delete-account'), label: copy('deleteAccountLink') },
  ];
}

function Overview({ copy }: { copy: PrivacyCopy }) {
  const localize = useLocalize();
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {CARDS.map((card) => {
        const Icon = card.icon;
        return (
          <li key={card.key} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <span
              className={`inline-flex size-11 items-center justify-center rounded-xl ${card.iconClasses}`}
            >
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-slate-900">
              {copy(`overviewCards.${card.key}.title`)}
            </h2>
            <p className="mt-2 text-slate-700">{copy(`overviewCards.${card.key}.body`)}</p>
            {card.hasItems && (
              <ul className="mt-3 flex flex-wrap gap-2">
                {indexes(copy.count(`overviewCards.${card.key}.items`)).map((index) => (
                  <li key={index} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                    {copy(`overviewCards.${card.key}.items.${index}`)}
                  </li>
                ))}
              </ul>
            )}
            {card.key === 'deletion' && <TextLinks links={deletionLinks(copy, localize)} className="mt-4" />}
          </li>
        );
      })}
    </ul>
  );
}

function DetailedPolicy({ copy }: { copy: PrivacyCopy }) {
  const localize = useLocalize();
  return (
    <div className="space-y-4">
      {SECTIONS.map((section) => (
        <Card
          key={section.id}
          headingId={`privacy-${section.id}`}
          heading={copy(`sections.${section.key}.title`)}
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8"
          headingClassName="text-xl font-bold text-slate-900"
        >
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
            {indexes(copy.count(`sections.${section.key}.paragraphs`)).map((index) => (
              <p key={index}>{copy(`sections.${section.key}.paragraphs.${index}`)}</p>
            ))}
          </div>
          {section.hasItems && (
            <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-700">
              {indexes(copy.count(`sections.${section.key}.items`)).map((index) => (
                <li key={index}>{copy(`sections.${section.key}.items.${index}`)}</li>
              ))}
            </ul>
          )}
          {section.id === 'deletion' && <TextLinks links={deletionLinks(copy, localize)} className="mt-4" />}
        </Card>
      ))}
    </div>
  );
}

/** The Privacy Policy: true of this site, which ships no tracking and says what it stores and why. */
export function PrivacyPage() {
  const copy = useCopy('privacy');
  return (
    <TextPage heading={copy('heading')} lead={copy('lead')}>
      <Tabs
        label={copy('tabsLabel')}
        idPrefix="privacy"
        defaultTab="overview"
        tabs={[
          { id: 'overview', label: copy('tabs.overview'), panel: <Overview copy={copy} /> },
          { id: 'details', label: copy('tabs.details'), panel: <DetailedPolicy copy={copy} /> },
        ]}
      />
      <div className="mt-10">
        <SupportLinks catalogue="privacy" />
      </div>
    </TextPage>
  );
}
