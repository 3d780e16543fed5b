import { Building2, Check, type LucideIcon, MessageCircle, ShieldCheck, X } from 'lucide-react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import type { Catalogues } from '../../i18n/catalogues.ts';
import { type Copy, useCopy } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { serverDataContext } from '../../server-context.ts';
import { staticHead } from '../page-head.ts';
import { Accordion } from '../ui/accordion.tsx';
import { Card } from '../ui/card.tsx';
import { LastUpdated } from '../ui/last-updated.tsx';
import { FeatureCards, StatTile } from '../ui/section.tsx';
import { Tabs } from '../ui/tabs.tsx';
import { SupportLinks, TextPage } from '../ui/text-page.tsx';

/** When the terms last changed (their text, or a setting they quote): the page's "Last updated". */
export async function termsLoader({ context }: LoaderFunctionArgs): Promise<{ updatedAt: string }> {
  return { updatedAt: await serverDataContext(context).termsUpdatedAt() };
}

export const handle = staticHead('terms', '/terms');

type Terms = Catalogues['terms'];
type TermsCopy = Copy<Terms>;
type Severity = keyof Terms['severityLabels'];
type SectionKey = keyof Terms['sections'];
/** The sections with a list of items under their paragraphs. */
type ListSectionKey = {
  [Key in SectionKey]: 'items' extends keyof Terms['sections'][Key] ? Key : never;
}[SectionKey];

/** The overview's feature cards, in order: each one's texts' key in `features`, and its icon. */
const FEATURE_ICONS: Readonly<Record<keyof Terms['features'], LucideIcon>> = {
  platform: Building2,
  noDataCollection: ShieldCheck,
  messagingApp: MessageCircle,
};

type TermsSection =
  | { id: string; key: Exclude<SectionKey, ListSectionKey> }
  /** `severities` gives each item's severity, in the catalogue's order of the items. */
  | { id: string; key: ListSectionKey; hasItems: true; severities?: readonly Severity[] };

/** The detailed terms in order: each section's id on the page and its texts' key in `sections`. */
const SECTIONS: readonly TermsSection[] = [
  { id: 'description', key: 'description' },
  { id: 'acceptable-use', key: 'acceptableUse', hasItems: true },
  {
    id: 'prohibited',
    key: 'prohibited',
    hasItems: true,
    // Spam, harassment, illegal activities, malware; impersonation, unauthorized commercial solicitation.
    severities: ['high', 'high', 'high', 'high', 'medium', 'medium'],
  },
  { id: 'privacy', key: 'privacy' },
  { id: 'whatsapp', key: 'whatsapp' },
  { id: 'disclaimer', key: 'disclaimer' },
];

/** 0, 1, ... up to a list's length: its items' indexes. */
function indexes(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

const SEVERITY_CLASSES: Record<Severity, string> = {
  high: 'bg-red-50 text-red-800 ring-red-200',
  medium: 'bg-amber-50 text-amber-900 ring-amber-200',
};

const KEY_TERMS_TONES = {
  allowed: { icon: Check, card: 'ring-emerald-200', heading: 'text-emerald-800', mark: 'text-emerald-700' },
  prohibited: { icon: X, card: 'ring-red-200', heading: 'text-red-800', mark: 'text-red-700' },
} as const;

/** What the terms allow, or what they prohibit: a card with a ticked or crossed list. */
function KeyTermsList({
  tone,
  heading,
  items,
}: {
  tone: keyof typeof KEY_TERMS_TONES;
  heading: string;
  items: readonly string[];
}) {
  const { icon: Icon, card, heading: headingColor, mark } = KEY_TERMS_TONES[tone];
  return (
    <div className={`rounded-2xl bg-white p-6 shadow-sm ring-1 ${card}`}>
      <h3 className={`flex items-center gap-2 text-lg font-semibold ${headingColor}`}>
        <Icon aria-hidden="true" className="size-5" />
        {heading}
      </h3>
      <ul className="mt-4 space-y-3">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-3 text-slate-800">
            <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${mark}`} />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Overview({ copy }: { copy: TermsCopy }) {
  // A figure naming a value the site lacks (one the owner never entered, no channel to count) is left out.
  const stats = indexes(copy.count('stats')).flatMap((index) => {
    const value = copy.ifKnown(`stats.${index}.value`);
    return value === null ? [] : [{ value, label: copy(`stats.${index}.label`) }];
  });
  const features = (Object.keys(FEATURE_ICONS) as (keyof typeof FEATURE_ICONS)[]).map((key) => ({
    icon: key,
    title: copy(`features.${key}.title`),
    body: copy(`features.${key}.body`),
  }));
  return (
    <div className="space-y-10">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {stats.map((stat) => (
          <StatTile key={stat.label} value={stat.value} label={stat.label} />
        ))}
      </dl>

      <section aria-labelledby="terms-features-heading">
        <h2 id="terms-features-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {copy('featuresHeading')}
        </h2>
        <FeatureCards features={features} icons={FEATURE_ICONS} look="terms" />
      </section>

      <section aria-labelledby="key-terms-heading">
        <h2 id="key-terms-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {copy('keyTerms.heading')}
        </h2>
        <div className="mt-5 grid gap-4 md:grid-cols-2">
          <KeyTermsList
            tone="allowed"
            heading={copy('keyTerms.allowedHeading')}
            items={indexes(copy.count('keyTerms.allowed')).map((index) => copy(`keyTerms.allowed.${index}`))}
          />
          <KeyTermsList
            tone="prohibited"
            heading={copy('keyTerms.prohibitedHeading')}
            items={indexes(copy.count('keyTerms.prohibited')).map((index) =>
              copy(`keyTerms.prohibited.${index}`),
            )}
          />
        </div>
      </section>

      <SupportLinks catalogue="terms" />
    </div>
  );
}

function SectionItems({
  section,
  copy,
}: {
  section: Extract<TermsSection, { hasItems: true }>;
  copy: TermsCopy;
}) {
  return (
    <ul className="mt-4 space-y-3">
      {indexes(copy.count(`sections.${section.key}.items`)).map((index) => {
        const title = copy(`sections.${section.key}.items.${index}.title`);
        const severity = section.severities?.[index];
        return (
          <li key={title} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold text-slate-900">{title}</p>
              {severity && (
                <span
                  className={cx(
                    'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
                    SEVERITY_CLASSES[severity],
                  )}
                >
                  {copy(`severityLabels.${severity}`)}
                  <span className="sr-only"> {copy('severitySuffix')}</span>
                </span>
              )}
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {copy(`sections.${section.key}.items.${index}.body`)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

function SectionContent({ section, copy }: { section: TermsSection; copy: TermsCopy }) {
  return (
    <div className="space-y-3">
      {indexes(copy.count(`sections.${section.key}.paragraphs`)).map((index) => (
        <p key={index}>{copy(`sections.${section.key}.paragraphs.${index}`)}</p>
      ))}
      {'hasItems' in section && <SectionItems section={section} copy={copy} />}
    </div>
  );
}

function DetailedTerms({ copy }: { copy: TermsCopy }) {
  return (
    <div>
      <h2 className="sr-only">{copy('detailedHeading')}</h2>
      <Accordion
        idPrefix="terms-section"
        defaultOpen={SECTIONS[0]?.id ?? null}
        items={SECTIONS.map((section) => ({
          id: section.id,
          title: copy(`sections.${section.key}.title`),
          content: <SectionContent section={section} copy={copy} />,
        }))}
      />
    </div>
  );
}

/** Terms and Conditions. */
export function TermsPage() {
  const copy = useCopy('terms');
  const { updatedAt } = useLoaderData<typeof termsLoader>();
  return (
    <TextPage heading={copy('heading')} lead={copy('lead')}>
      <Tabs
        label={copy('tabsLabel')}
        idPrefix="terms"
        defaultTab="overview"
        tabs={[
          { id: 'overview', label: copy('tabs.overview'), panel: <Overview copy={copy} /> },
          { id: 'detailed', label: copy('tabs.detailed'), panel: <DetailedTerms copy={copy} /> },
        ]}
      />
      <Card
        headingId="updates-heading"
        heading={copy('updates.heading')}
        className="mt-10 rounded-2xl bg-amber-50/80 p-6 ring-1 ring-amber-200 sm:p-8"
        headingClassName="text-xl font-bold text-slate-900"
      >
        <div className="mt-3 space-y-2 text-slate-800">
          {indexes(copy.count('updates.paragraphs')).map((index) => (
            <p key={index}>{copy(`updates.paragraphs.${index}`)}</p>
          ))}
        </div>
      </Card>
      <footer className="mt-8 border-t border-slate-200 pt-6">
        <LastUpdated label={copy('lastUpdated')} iso={updatedAt} />
      </footer>
    </TextPage>
  );
}
