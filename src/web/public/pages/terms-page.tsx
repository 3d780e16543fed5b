import { Building2, Check, type LucideIcon, MessageCircle, ShieldCheck, X } from 'lucide-react';
import { fillCopyIfKnown } from '../../content/site.ts';
import { type Severity, TERMS_COPY, type TermsFeature, type TermsSection } from '../../content/terms.ts';
import { cx } from '../../lib/class-names.ts';
import { staticHead } from '../page-head.ts';
import { type FillCopy, useCopy, useCopyValues } from '../site-settings-data.ts';
import { Accordion } from '../ui/accordion.tsx';
import { LastUpdated } from '../ui/last-updated.tsx';
import { FeatureCards, StatTile } from '../ui/section.tsx';
import { Tabs } from '../ui/tabs.tsx';
import { SupportLinks, TextPage } from '../ui/text-page.tsx';

const COPY = TERMS_COPY;

export const handle = staticHead(COPY.meta, '/terms');

const FEATURE_ICONS: Record<TermsFeature['icon'], LucideIcon> = {
  building: Building2,
  shield: ShieldCheck,
  message: MessageCircle,
};

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

function Overview({ fill }: { fill: FillCopy }) {
  const values = useCopyValues();
  const stats = COPY.stats.flatMap((stat) => {
    const value = fillCopyIfKnown(stat.value, values);
    if (value === null) return [];
    return [{ value, label: value === '1' && stat.labelForOne ? stat.labelForOne : stat.label }];
  });
  return (
    <div className="space-y-10">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {stats.map((stat) => (
          <StatTile key={stat.label} value={stat.value} label={stat.label} />
        ))}
      </dl>

      <section aria-labelledby="terms-features-heading">
        <h2 id="terms-features-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {fill(COPY.featuresHeading)}
        </h2>
        <FeatureCards features={COPY.features} icons={FEATURE_ICONS} fill={fill} look="terms" />
      </section>

      <section aria-labelledby="key-terms-heading">
        <h2 id="key-terms-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {COPY.keyTerms.heading}
        </h2>
        <div className="mt-5 grid gap-4 md:grid-cols-2">
          <KeyTermsList tone="allowed" heading={COPY.keyTerms.allowedHeading} items={COPY.keyTerms.allowed} />
          <KeyTermsList
            tone="prohibited"
            heading={COPY.keyTerms.prohibitedHeading}
            items={COPY.keyTerms.prohibited}
          />
        </div>
      </section>

      <SupportLinks copy={COPY.support} />
    </div>
  );
}

function SectionContent({ section, fill }: { section: TermsSection; fill: FillCopy }) {
  return (
    <div className="space-y-3">
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph}>{fill(paragraph)}</p>
      ))}
      {section.items && (
        <ul className="mt-4 space-y-3">
          {section.items.map((item) => (
            <li key={item.title} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-slate-900">{item.title}</p>
                {item.severity && (
                  <span
                    className={cx(
                      'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
                      SEVERITY_CLASSES[item.severity],
                    )}
                  >
                    {COPY.severityLabels[item.severity]}
                    <span className="sr-only"> {COPY.severitySuffix}</span>
                  </span>
                )}
              </div>
              <p className="mt-1 text-sm text-slate-700">{fill(item.body)}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DetailedTerms({ fill }: { fill: FillCopy }) {
  return (
    <div>
      <h2 className="sr-only">{COPY.detailedHeading}</h2>
      <Accordion
        idPrefix="terms-section"
        defaultOpen={COPY.sections[0]?.id ?? null}
        items={COPY.sections.map((section) => ({
          id: section.id,
          title: section.title,
          content: <SectionContent section={section} fill={fill} />,
        }))}
      />
    </div>
  );
}

/** Terms and Conditions (SPEC section 2, "Terms page"). */
export function TermsPage() {
  const fill = useCopy();
  return (
    <TextPage heading={COPY.heading} lead={fill(COPY.lead)}>
      <Tabs
        label={COPY.tabsLabel}
        idPrefix="terms"
        defaultTab="overview"
        tabs={[
          { id: 'overview', label: COPY.tabs.overview, panel: <Overview fill={fill} /> },
          { id: 'detailed', label: COPY.tabs.detailed, panel: <DetailedTerms fill={fill} /> },
        ]}
      />
      <section
        aria-labelledby="updates-heading"
        className="mt-10 rounded-2xl bg-amber-50/80 p-6 ring-1 ring-amber-200 sm:p-8"
      >
        <h2 id="updates-heading" className="text-xl font-bold text-slate-900">
          {COPY.updates.heading}
        </h2>
        <div className="mt-3 space-y-2 text-slate-800">
          {COPY.updates.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
        </div>
      </section>
      <footer className="mt-8 border-t border-slate-200 pt-6">
        <LastUpdated label={COPY.lastUpdated} />
      </footer>
    </TextPage>
  );
}
