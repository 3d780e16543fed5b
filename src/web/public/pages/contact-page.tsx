import { Mail, Timer, UserPlus } from 'lucide-react';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import type { PublicContactChannel } from '../../../shared/contracts/contact-channels.ts';
import { CONTACT_CARD_PATH, type PublicIslandId } from '../../../shared/pages/public-pages.ts';
import {
  PUBLIC_CHANNEL_GROUP_OF,
  type PublicChannelGroup,
} from '../../../shared/rules/public-channel-groups.ts';
import { replyTimeShown } from '../../../shared/rules/reply-time.ts';
import { useCopy, useLocalize } from '../../i18n/copy.tsx';
import { serverDataContext } from '../../server-context.ts';
import { BusinessHours, useBusinessHoursRows } from '../contact/business-hours.tsx';
import { actionClassName, ChannelCard, ContactCard } from '../contact/contact-cards.tsx';
import { CONTACT_MESSAGE_PATH } from '../contact/contact-message-form.tsx';
import { InAppBrowserBar } from '../contact/in-app-browser-bar.tsx';
import { OpenTimeline, useOpenMoments } from '../contact/open-status.tsx';
import { ServiceTiles } from '../contact/service-tiles.tsx';
import { OPEN_STATUS_DATA } from '../open-status-data.ts';
import { useSiteSettings } from '../site-settings-data.ts';
import { Accordion } from '../ui/accordion.tsx';
import { Tabs } from '../ui/tabs.tsx';

export async function contactLoader({ context, request }: LoaderFunctionArgs) {
  const data = serverDataContext(context);
  // Only a visitor in an app's browser is told the page's own address (the server keeps that page apart).
  const inAppBrowser = data.inAppBrowser ? { browser: data.inAppBrowser, pageUrl: request.url } : null;
  const [contacts, replyMinutes] = await Promise.all([data.activeContacts(), data.typicalReplyMinutes()]);
  return {
    contacts,
    inAppBrowser,
    replyTime: replyMinutes === null ? null : replyTimeShown(replyMinutes),
    // A poster's visitor: their taps count for it too (decision 077).
    source: data.source ?? null,
  };
}

/** The form that leads to the contact form's page of its own (for browsers without script). */
const WRITE_TO_US_FORM_ID = 'write-to-us';
const CONTACT_FORM_ISLAND: PublicIslandId = 'contact-form';

type ContactTab = 'instant' | 'services';

const CARD_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-4 text-xl font-semibold text-slate-900 sm:text-2xl">
      {children}
    </h2>
  );
}

export function ContactPage() {
  const { contacts, inAppBrowser, replyTime, source } = useLoaderData<typeof contactLoader>();
  const settings = useSiteSettings();
  const hoursRows = useBusinessHoursRows(settings);
  const moments = useOpenMoments();
  const openNow = moments?.[0];
  const copy = useCopy('contact');
  const localize = useLocalize();
  const faqItems = Array.from({ length: copy.count('faq') }, (_, index) => ({
    id: String(index + 1),
    title: copy(`faq.${index}.question`),
    content: <p>{copy(`faq.${index}.answer`)}</p>,
  }));

  // Every published channel on the first tab, in the admin's order within its group.
  const inGroup = (group: PublicChannelGroup) =>
    contacts.filter((channel) => PUBLIC_CHANNEL_GROUP_OF[channel.type] === group);
  const callChannels = inGroup('call');
  // The first WhatsApp and the first phone channel: the business's main ones, which the routed links stand for.
  const mainChannelIds = new Set(
    (['whatsapp', 'phone'] as const).flatMap(
      (type) => contacts.find((channel) => channel.type === type)?._id ?? [],
    ),
  );
  const socialChannels = inGroup('social');
  const cards = (channels: PublicContactChannel[]) =>
    channels.map((channel) => (
      <li key={channel._id}>
        <ChannelCard
          channel={channel}
          openNow={openNow}
          main={mainChannelIds.has(channel._id)}
          source={source ?? undefined}
        />
      </li>
    ));

  // Without script these buttons submit the empty form below, which leads to the form's own page; with it,
  // they open the form's island (decision 062), which the browser fetches when a visitor reaches for one.
  const sendMessageButton = (label: string, className: string) => (
    <button
      type="submit"
      form={WRITE_TO_US_FORM_ID}
      data-island={CONTACT_FORM_ISLAND}
      aria-haspopup="dialog"
      className={className}
    >
      {label}
    </button>
  );

  // While the business is closed, the form comes first: the page script moves it as the hours turn.
  const messageCard = (
    <li {...{ [OPEN_STATUS_DATA.firstWhenClosed]: '' }}>
      <ContactCard
        icon={Mail}
        iconTone="bg-violet-100 text-violet-700"
        title={copy('message.title')}
        description={copy('message.description')}
        action={sendMessageButton(copy('message.action'), actionClassName())}
      />
    </li>
  );
  const closed = openNow?.state === 'closed';

  const instantPanel = (
    <div className="space-y-12">
      <section aria-labelledby="chat-heading">
        <SectionHeading id="chat-heading">{copy('channelGroups.chat')}</SectionHeading>
        <ul className={CARD_GRID}>
          {closed && messageCard}
          {cards(inGroup('chat'))}
          {!closed && messageCard}
        </ul>
      </section>
      {callChannels.length > 0 && (
        <section aria-labelledby="call-heading">
          <SectionHeading id="call-heading">{copy('channelGroups.call')}</SectionHeading>
          <ul className={CARD_GRID}>{cards(callChannels)}</ul>
        </section>
      )}
      {socialChannels.length > 0 && (
        <section aria-labelledby="social-heading">
          <SectionHeading id="social-heading">{copy('channelGroups.social')}</SectionHeading>
          <ul className={CARD_GRID}>{cards(socialChannels)}</ul>
        </section>
      )}
      <section aria-labelledby="services-heading">
        <SectionHeading id="services-heading">{copy('servicesHeading')}</SectionHeading>
        <ServiceTiles formId={WRITE_TO_US_FORM_ID} island={CONTACT_FORM_ISLAND} />
      </section>
      <section aria-labelledby="faq-heading">
        <SectionHeading id="faq-heading">{copy('faqHeading')}</SectionHeading>
        <Accordion idPrefix="contact-faq" items={faqItems} />
      </section>
    </div>
  );

  const servicesPanel = (
    <div className="space-y-12">
      <section
        aria-labelledby="service-banner-heading"
        className="rounded-3xl bg-gradient-to-br from-indigo-700 via-indigo-800 to-violet-800 px-6 py-10 text-white shadow-lg sm:px-10"
      >
        <h2 id="service-banner-heading" className="max-w-2xl text-2xl font-bold sm:text-3xl">
          {copy('banner.heading')}
        </h2>
        <p className="mt-3 max-w-2xl text-white">{copy('banner.body')}</p>
        <div className="mt-6 sm:w-56">
          {sendMessageButton(
            copy('banner.action'),
            'inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-indigo-800 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
          )}
        </div>
      </section>
    </div>
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      {inAppBrowser && <InAppBrowserBar {...inAppBrowser} />}
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{copy('heading')}</h1>
        <p className="mt-3 text-lg text-slate-700">{copy('lead')}</p>
        {replyTime && (
          <p className="mt-3 flex items-center gap-2 text-sm font-semibold text-slate-800">
            <Timer aria-hidden="true" className="size-5 shrink-0 text-indigo-700" />
            {copy('replyTime', replyTime)}
          </p>
        )}
        {/* A plain download: the phone offers to add the business to its contacts, with or without script. */}
        <a
          href={localize(CONTACT_CARD_PATH)}
          download="contact.vcf"
          className="mt-5 inline-flex min-h-11 items-center gap-2 rounded-xl bg-white px-4 py-2.5 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <UserPlus aria-hidden="true" className="size-5 text-indigo-700" />
          {copy('saveContact')}
        </a>
      </header>

      <div className="mt-8">
        <Tabs<ContactTab>
          idPrefix="contact"
          label={copy('tabsLabel')}
          // /contact?tab=services opens the second tab, also when the page is rendered on the server.
          defaultTab="instant"
          tabs={[
            { id: 'instant', label: copy('tabs.instant'), panel: instantPanel },
            { id: 'services', label: copy('tabs.services'), panel: servicesPanel },
          ]}
        />
      </div>

      <div className="mt-12">
        <BusinessHours rows={hoursRows} openNow={openNow} />
      </div>
      {moments && <OpenTimeline moments={moments} />}

      <form id={WRITE_TO_US_FORM_ID} action={localize(CONTACT_MESSAGE_PATH)} hidden />
    </div>
  );
}
