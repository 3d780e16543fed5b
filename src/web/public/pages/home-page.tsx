import {
  ArrowRight,
  Check,
  Clock,
  Headset,
  type LucideIcon,
  MessageCircle,
  Phone,
  Send,
  ShieldCheck,
  Smartphone,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  buildChannelLink,
  type ChannelLinkOptions,
  channelClickPath,
  routedChannelPath,
} from '../../../shared/rules/channel-links.ts';
import { type ContactFacts, telegramHandleOf } from '../../../shared/rules/contact-facts.ts';
import type { Catalogues } from '../../i18n/catalogues.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { useBusinessHoursRows } from '../contact/business-hours.tsx';
import { OpenStatusLine, OpenTimeline, useOpenMoments } from '../contact/open-status.tsx';
import { staticHead } from '../page-head.ts';
import { useContactFacts, useSiteSettings } from '../site-settings-data.ts';
import { faqPageJsonLd, organizationJsonLd } from '../structured-data.ts';
import { Accordion } from '../ui/accordion.tsx';
import { BUTTON_SECONDARY, BUTTON_WHATSAPP, FeatureCards, Section, StatTile } from '../ui/section.tsx';

/**
 * The landing page's texts are the `landing` catalogue (src/web/content/messages/{en,hi}/landing.json);
 * what is not text (icons, ids, order) is here. Placeholders come from the site settings and the contact
 * channels: {product}, {phone}, {whatsapp}, {name}, {users}, {rating}, {competitor}. A text naming a channel
 * nobody published ({phone}, {whatsapp}, {name}) is left out.
 */
type LandingCatalogue = Catalogues['landing'];

const FEATURE_ICONS = {
  idInChat: MessageCircle,
  realPeople: Headset,
  yourChannel: Phone,
  hours: Clock,
  noTracking: ShieldCheck,
  nothingToInstall: Smartphone,
} satisfies Record<keyof LandingCatalogue['features'], LucideIcon>;
const FEATURE_IDS = Object.keys(FEATURE_ICONS) as (keyof typeof FEATURE_ICONS)[];

const GUIDE_IDS = [
  'register',
  'login',
  'download',
] as const satisfies readonly (keyof LandingCatalogue['guides'])[];

/** The landing page's six questions, in the order the page shows them. */
const FAQ_IDS = [
  'what',
  'getId',
  'cost',
  'hours',
  'privacy',
  'affiliation',
] as const satisfies readonly (keyof LandingCatalogue['faqs'])[];

/** Brand names, the same in every language: the cards of these channels are titled by them. */
const CHANNEL_BRAND = { whatsapp: 'WhatsApp', telegram: 'Telegram' } as const;

function indices(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

export const handle = staticHead('landing', '/', ({ settings, contactFacts, copy }) => ({
  jsonLd: (origin) => [
    organizationJsonLd(settings, contactFacts, origin),
    faqPageJsonLd(
      FAQ_IDS.map((id) => ({
        question: copy('landing', `faqs.${id}.question`),
        answer: copy('landing', `faqs.${id}.answer`),
      })),
    ),
  ],
}));

/**
 * Our counted link to the first published channel of a type (decision 035), or null when there is none or its
 * value makes no safe link. WhatsApp and calls go through the routed links, which send a visitor to a team
 * member on duty (decision 076).
 */
function countedLink(
  facts: ContactFacts,
  type: 'whatsapp' | 'phone' | 'telegram',
  options?: ChannelLinkOptions,
): string | null {
  const value = facts[type];
  const id = facts.channelIds[type];
  if (!value || !id || !buildChannelLink(type, value)) return null;
  return type === 'telegram' ? channelClickPath(id, options) : routedChannelPath(type, options);
}

/** A link that leaves the site in a new tab, saying so to screen readers. */
function ExternalLink({
  href,
  className,
  children,
}: {
  href: string;
  className: string;
  children: ReactNode;
}) {
  const copy = useCopy('landing');
  return (
    <a href={href} target="_blank" rel="nofollow noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {copy('opensInNewTab')}</span>
    </a>
  );
}

function Hero({ whatsappHref, phoneHref }: { whatsappHref: string | null; phoneHref: string | null }) {
  const hoursRows = useBusinessHoursRows(useSiteSettings());
  const moments = useOpenMoments();
  const copy = useCopy('landing');
  const followUp = indices(copy.count('hero.leadFollowUps'))
    .map((index) => copy.ifKnown(`hero.leadFollowUps.${index}`))
    .find((text) => text !== null);
  return (
    <section
      aria-labelledby="hero-heading"
      className="mx-auto grid max-w-6xl gap-10 px-4 pt-10 pb-12 sm:pt-16 md:grid-cols-[1.3fr_1fr] md:items-center md:pb-16"
    >
      <div>
        <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-medium text-indigo-800 ring-1 ring-indigo-100">
          <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
          {copy('hero.eyebrow')}
        </p>
        <h1
          id="hero-heading"
          className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
        >
          {copy('hero.heading')}
        </h1>
        <p className="mt-5 max-w-xl text-lg text-pretty text-slate-700">
          {followUp ? `${copy('hero.lead')} ${followUp}` : copy('hero.lead')}
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {whatsappHref && (
            <ExternalLink href={whatsappHref} className={BUTTON_WHATSAPP}>
              <MessageCircle aria-hidden="true" className="size-5" />
              {copy('hero.whatsappButton')}
            </ExternalLink>
          )}
          {phoneHref && (
            <a href={phoneHref} rel="nofollow" className={BUTTON_SECONDARY}>
              <Phone aria-hidden="true" className="size-5" />
              {copy('hero.callButton')}
            </a>
          )}
        </div>
        <p className="mt-4 text-sm text-slate-600">{copy('hero.note')}</p>
      </div>
      <aside
        aria-labelledby="hours-heading"
        className="rounded-3xl bg-white/90 p-6 shadow-xl shadow-indigo-900/5 ring-1 ring-slate-200"
      >
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
            <Clock aria-hidden="true" className="size-5" />
          </span>
          <h2 id="hours-heading" className="text-lg font-semibold text-slate-900">
            {copy('hoursCard.heading')}
          </h2>
        </div>
        {moments && <OpenStatusLine moment={moments[0]!} className="mt-4" />}
        <dl className="mt-4 divide-y divide-slate-100">
          {hoursRows.map((row) => (
            <div key={row.days} className="flex justify-between gap-4 py-2.5 text-sm">
              <dt className="text-slate-600">{row.days}</dt>
              <dd className="font-medium text-slate-900">{row.hours}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-600">{copy('hoursCard.note')}</p>
        {moments && <OpenTimeline moments={moments} />}
      </aside>
    </section>
  );
}

/**
 * A table on wide screens; on phones each row becomes a card (topic, then both answers with their column's
 * name), since three columns of sentences do not fit 390 px.
 */
function Comparison() {
  const settings = useSiteSettings();
  const copy = useCopy('landing');
  const ours = settings.brandName;
  const theirs = settings.competitorName;
  return (
    <Section id="comparison" heading={copy('comparison.heading')} lead={copy('comparison.lead')}>
      <table className="block w-full text-left md:table md:overflow-hidden md:rounded-2xl md:bg-white md:shadow-sm md:ring-1 md:ring-slate-200">
        <caption className="sr-only">{copy('comparison.caption')}</caption>
        <thead className="sr-only bg-slate-50 text-slate-900 md:not-sr-only md:table-header-group">
          <tr>
            <th scope="col" className="w-1/3 px-5 py-3 font-semibold">
              {copy('comparison.topicColumn')}
            </th>
            <th scope="col" className="w-1/3 px-5 py-3 font-semibold text-indigo-800">
              {ours}
            </th>
            <th scope="col" className="w-1/3 px-5 py-3 font-semibold text-slate-700">
              {theirs}
            </th>
          </tr>
        </thead>
        <tbody className="grid gap-3 md:table-row-group md:divide-y md:divide-slate-100">
          {indices(copy.count('comparison.rows')).map((index) => (
            <tr
              key={index}
              className="grid gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:table-row md:rounded-none md:p-0 md:shadow-none md:ring-0"
            >
              <th
                scope="row"
                className="font-semibold text-slate-900 md:px-5 md:py-4 md:align-top md:font-medium"
              >
                {copy(`comparison.rows.${index}.topic`)}
              </th>
              <td className="rounded-xl bg-indigo-50/60 px-3 py-2 text-slate-800 md:rounded-none md:px-5 md:py-4 md:align-top">
                <span className="flex gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
                  <span>
                    <span className="font-semibold text-indigo-800 md:hidden">{ours}: </span>
                    {copy(`comparison.rows.${index}.ours`)}
                  </span>
                </span>
              </td>
              <td className="px-3 py-1 text-slate-600 md:px-5 md:py-4 md:align-top">
                <span className="font-semibold text-slate-700 md:hidden">{theirs}: </span>
                {copy(`comparison.rows.${index}.theirs`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

function ContactCards({
  whatsappHref,
  phoneHref,
}: {
  whatsappHref: string | null;
  phoneHref: string | null;
}) {
  const facts = useContactFacts();
  const copy = useCopy('landing');
  const localize = useLocalize();
  const telegramHref = countedLink(facts, 'telegram');
  // A card for each type with a published channel: no card without a number to show.
  const cards = [
    {
      key: 'whatsapp',
      icon: MessageCircle,
      iconClasses: 'bg-emerald-50 text-emerald-700',
      actionClasses: 'bg-emerald-800 hover:bg-emerald-900',
      title: CHANNEL_BRAND.whatsapp,
      action: copy('contactCards.whatsapp.action'),
      note: copy('contactCards.whatsapp.note'),
      value: facts.whatsapp,
      href: whatsappHref,
      external: true,
    },
    {
      key: 'phone',
      icon: Phone,
      iconClasses: 'bg-indigo-50 text-indigo-700',
      actionClasses: 'bg-indigo-700 hover:bg-indigo-800',
      title: copy('contactCards.phone.title'),
      action: copy('contactCards.phone.action'),
      note: copy('contactCards.phone.note'),
      value: facts.phone,
      href: phoneHref,
      external: false,
    },
    {
      key: 'telegram',
      icon: Send,
      iconClasses: 'bg-sky-50 text-sky-700',
      actionClasses: 'bg-sky-800 hover:bg-sky-900',
      title: CHANNEL_BRAND.telegram,
      action: copy('contactCards.telegram.action'),
      note: copy('contactCards.telegram.note'),
      value: facts.telegram && telegramHandleOf(facts.telegram),
      href: telegramHref,
      external: true,
    },
  ].filter((card) => card.value !== null);
  return (
    <Section id="contact" heading={copy('contactHeading')} lead={copy('contactLead')}>
      <ul className="grid gap-4 md:grid-cols-3">
        {cards.map(
          ({ key, icon: Icon, iconClasses, actionClasses, title, action, note, value, href, external }) => {
            const actionContent = (
              <>
                {action}
                <ArrowRight aria-hidden="true" className="size-4" />
              </>
            );
            const actionClassName = `mt-4 inline-flex items-center gap-1.5 self-start rounded-full px-4 py-2 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${actionClasses}`;
            return (
              <li
                key={key}
                className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 md:flex-col md:gap-0 md:p-6"
              >
                <span
                  className={`inline-flex size-11 shrink-0 items-center justify-center rounded-xl ${iconClasses}`}
                >
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div className="flex min-w-0 flex-col md:mt-4">
                  <h3 className="text-base font-semibold text-slate-600">{title}</h3>
                  <div className="text-xl font-semibold break-words text-slate-900">{value}</div>
                  <p className="mt-1 text-sm text-slate-600">{note}</p>
                  {href &&
                    (external ? (
                      <ExternalLink href={href} className={actionClassName}>
                        {actionContent}
                      </ExternalLink>
                    ) : (
                      <a href={href} rel="nofollow" className={actionClassName}>
                        {actionContent}
                      </a>
                    ))}
                </div>
              </li>
            );
          },
        )}
      </ul>
      <p className="mt-6">
        <Link
          to={localize('/contact')}
          className="inline-flex items-center gap-1.5 rounded font-semibold text-indigo-700 hover:text-indigo-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {copy('allChannelsLink')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </Section>
  );
}

function Guides() {
  const copy = useCopy('landing');
  return (
    <Section id="guides" heading={copy('guidesHeading')} lead={copy('guidesLead')} followsSection>
      <div className="grid gap-4 lg:grid-cols-3">
        {GUIDE_IDS.map((id) => (
          <article
            key={id}
            aria-labelledby={`guide-${id}`}
            className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
          >
            <h3 id={`guide-${id}`} className="text-lg font-semibold text-slate-900">
              {copy(`guides.${id}.title`)}
            </h3>
            <p className="mt-1 text-sm text-slate-600">{copy(`guides.${id}.intro`)}</p>
            <ol className="mt-5 space-y-4">
              {indices(copy.count(`guides.${id}.steps`))
                .map((index) => copy.ifKnown(`guides.${id}.steps.${index}`))
                .filter((step) => step !== null)
                .map((step, index) => (
                  <li key={step} className="flex gap-3 text-slate-700">
                    <span
                      aria-hidden="true"
                      className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-700 text-sm font-bold text-white"
                    >
                      {index + 1}
                    </span>
                    <span>{step}</span>
                  </li>
                ))}
            </ol>
          </article>
        ))}
      </div>
    </Section>
  );
}

/** The landing page. */
export function HomePage() {
  const facts = useContactFacts();
  const copy = useCopy('landing');
  const whatsappHref = countedLink(facts, 'whatsapp', { text: copy('hero.whatsappMessage') });
  const phoneHref = countedLink(facts, 'phone');
  // A figure the owner never entered is left out (decision 053).
  const stats = indices(copy.count('stats')).flatMap((index) => {
    const value = copy.ifKnown(`stats.${index}.value`);
    return value === null ? [] : [{ value, label: copy(`stats.${index}.label`) }];
  });

  return (
    <>
      <Hero whatsappHref={whatsappHref} phoneHref={phoneHref} />

      <div>
        {stats.length > 0 && (
          <section aria-labelledby="stats-heading" className="mx-auto max-w-6xl px-4">
            <h2 id="stats-heading" className="sr-only">
              {copy('statsHeading')}
            </h2>
            <dl className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
              {stats.map((stat) => (
                <StatTile key={stat.label} value={stat.value} label={stat.label} />
              ))}
            </dl>
          </section>
        )}

        <Section id="about" heading={copy('about.heading')}>
          <div className="grid gap-4 text-lg leading-relaxed text-slate-700 md:grid-cols-2 md:gap-8">
            {indices(copy.count('about.paragraphs')).map((index) => (
              <p key={index}>{copy(`about.paragraphs.${index}`)}</p>
            ))}
          </div>
        </Section>

        <Section id="features" heading={copy('featuresHeading')} followsSection>
          <FeatureCards
            features={FEATURE_IDS.map((id) => ({
              icon: id,
              title: copy(`features.${id}.title`),
              body: copy(`features.${id}.body`),
            }))}
            icons={FEATURE_ICONS}
            look="landing"
          />
        </Section>

        <Guides />

        <Comparison />

        <Section id="faq" heading={copy('faqHeading')} narrow>
          <Accordion
            idPrefix="faq"
            items={FAQ_IDS.map((id, index) => ({
              id: String(index + 1),
              title: copy(`faqs.${id}.question`),
              content: <p>{copy(`faqs.${id}.answer`)}</p>,
            }))}
          />
        </Section>

        <ContactCards whatsappHref={whatsappHref} phoneHref={phoneHref} />

        {/* Sticky at the end of what follows the hero, not fixed: it floats once the hero (which has its own
            WhatsApp button) has scrolled away, so it never covers the hero's hours, and it works without
            script. It takes no room (-mt-14) and rests above the last section's bottom padding. */}
        {whatsappHref && (
          <div className="pointer-events-none sticky bottom-20 z-20 -mt-14 flex justify-end px-4 md:bottom-6 md:px-6">
            <a
              href={whatsappHref}
              target="_blank"
              rel="nofollow noopener noreferrer"
              aria-label={`${copy('floatingWhatsapp')} ${copy('opensInNewTab')}`}
              title={copy('floatingWhatsapp')}
              className="pointer-events-auto inline-flex size-14 items-center justify-center rounded-full bg-emerald-800 text-white shadow-lg shadow-emerald-900/30 transition-transform hover:scale-105 hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 motion-reduce:transition-none"
            >
              <MessageCircle aria-hidden="true" className="size-7" />
            </a>
          </div>
        )}
      </div>
    </>
  );
}
