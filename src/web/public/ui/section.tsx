import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

/** A page section with its heading (h2) and an optional lead, named by the heading for assistive tech. */
export function Section({
  id,
  heading,
  lead,
  narrow = false,
  followsSection = false,
  children,
}: {
  id: string;
  heading: string;
  lead?: string;
  /** Text-heavy sections read better in a narrower column. */
  narrow?: boolean;
  /** Directly below another section: the space between them is already there. */
  followsSection?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cx(
        'mx-auto px-4 pb-12 sm:pb-16',
        narrow ? 'max-w-3xl' : 'max-w-6xl',
        followsSection ? 'pt-0' : 'pt-12 sm:pt-16',
      )}
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {heading}
      </h2>
      {lead && <p className="mt-3 max-w-2xl text-base text-slate-700 sm:text-lg">{lead}</p>}
      <div className="mt-8">{children}</div>
    </section>
  );
}

/** A big figure and what it counts, inside a <dl>. */
export function StatTile({ value, label }: { value: string; label: string }) {
  return (
    // The label comes first for screen readers ("Users: 50K+"), the figure first on screen.
    <div className="flex flex-col-reverse justify-center rounded-2xl bg-white/90 p-4 text-center shadow-sm ring-1 ring-slate-200 sm:p-6">
      <dt className="mt-1 text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-extrabold tracking-tight text-indigo-700 sm:text-4xl">{value}</dd>
    </div>
  );
}

const FEATURE_CARDS_LOOK = {
  // Translucent cards over the landing page's backdrop, up to three a row.
  landing: { list: 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3', card: 'bg-white/90' },
  // Three plain cards under a heading of their own.
  terms: { list: 'mt-5 grid gap-4 md:grid-cols-3', card: 'bg-white' },
} as const;

/** A grid of feature cards (landing and terms pages): each an icon, a title and a sentence, in the page's language. */
export function FeatureCards<IconName extends string>({
  features,
  icons,
  look,
}: {
  features: readonly { icon: IconName; title: string; body: string }[];
  icons: Readonly<Record<IconName, LucideIcon>>;
  look: keyof typeof FEATURE_CARDS_LOOK;
}) {
  const { list, card } = FEATURE_CARDS_LOOK[look];
  return (
    <ul className={list}>
      {features.map((feature) => {
        const Icon: LucideIcon = icons[feature.icon];
        return (
          <li key={feature.title} className={`rounded-2xl ${card} p-6 shadow-sm ring-1 ring-slate-200`}>
            <span className="inline-flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
            <p className="mt-2 text-slate-700">{feature.body}</p>
          </li>
        );
      })}
    </ul>
  );
}

const BUTTON_BASE =
  'inline-flex items-center justify-center gap-2 rounded-full px-6 py-3 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';
export const BUTTON_WHATSAPP = `${BUTTON_BASE} bg-emerald-800 text-white shadow-md shadow-emerald-800/25 hover:bg-emerald-900`;
export const BUTTON_SECONDARY = `${BUTTON_BASE} bg-white text-indigo-800 ring-1 ring-indigo-200 hover:bg-indigo-50`;
