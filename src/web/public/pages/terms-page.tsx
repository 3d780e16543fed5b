import { Building2, Check, type LucideIcon, MessageCircle, ShieldCheck, X } from 'lucide-react';
import { type Severity, TERMS_COPY, type TermsFeature, type TermsSection } from '../../content/terms.ts';
import { cx } from '../../lib/class-names.ts';
import { staticHead } from '../page-head.ts';
import { type FillCopy, useCopy, useSiteSettings } from '../site-settings-data.ts';
import { Accordion } from '../ui/accordion.tsx';
import { LastUpdated } from '../ui/last-updated.tsx';
import { PageHeader, SupportLinks } from '../ui/page-header.tsx';
import { StatTile } from '../ui/section.tsx';
import { Tabs } from '../ui/tabs.tsx';

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

function Overview({ fill }: { fill: FillCopy }) {
  const settings = useSiteSettings();
  return (
    <div className="space-y-10">
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {COPY.stats.map((stat) => (
          <StatTile key={stat.label} value={fill(stat.value)} label={stat.label} />
        ))}
      </dl>

      <section aria-labelledby="terms-features-heading">
        <h2 id="terms-features-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {fill(COPY.featuresHeading)}
        </h2>
        <ul className="mt-5 grid gap-4 md:grid-cols-3">
          {COPY.features.map((feature) => {
            const Icon = FEATURE_ICONS[feature.icon];
            return (
              <li key={feature.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-slate-700">{fill(feature.body)}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="key-terms-heading">
        <h2 id="key-terms-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          {COPY.keyTerms.heading}
        </h2>
        <div className="mt-5 grid gap-4 md:grid-cols-2">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-emerald-200">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
              <Check aria-hidden="true" className="size-5" />
              {COPY.keyTerms.allowedHeading}
            </h3>
            <ul className="mt-4 space-y-3">
              {COPY.keyTerms.allowed.map((item) => (
                <li key={item} className="flex items-start gap-3 text-slate-800">
                  <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-red-200">
            <h3 className="flex items-center gap-2 text-lg font-semibold text-red-800">
              <X aria-hidden="true" className="size-5" />
              {COPY.keyTerms.prohibitedHeading}
            </h3>
            <ul className="mt-4 space-y-3">
              {COPY.keyTerms.prohibited.map((item) => (
                <li key={item} className="flex items-start gap-3 text-slate-800">
                  <X aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <SupportLinks
        heading={COPY.support.heading}
        body={COPY.support.body}
        email={settings.supportEmail}
        emailLabel={fill(COPY.support.emailLink)}
        contactLabel={COPY.support.contactLink}
      />
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
    <div className="mx-auto max-w-5xl px-4 pb-16">
      <PageHeader heading={COPY.heading} lead={fill(COPY.lead)} />
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
    </div>
  );
}
