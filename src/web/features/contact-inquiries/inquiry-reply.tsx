import { type LucideIcon, Mail, MessageCircle, MessageSquareText, Phone } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import type { ReplyTemplate } from '../../../shared/contracts/reply-templates.ts';
import { adminPath } from '../../../shared/pages/admin-paths.ts';
import { INQUIRY_SERVICE_LABELS, type InquiryReplyChannel } from '../../../shared/rules/contact-inquiries.ts';
import type { Locale } from '../../../shared/rules/locales.ts';
import { replyLinks } from '../../../shared/rules/reply-links.ts';
import { fillTemplate, templateBlanks } from '../../../shared/rules/reply-templates.ts';
import { cx } from '../../lib/class-names.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { useReplyTemplates } from './reply-templates-api.ts';
import { useRecordReplyLink } from './team-api.ts';

/** What a reply's placeholders are filled from besides the inquiry: the business and who answers. */
export interface ReplyFacts {
  brand?: string | undefined;
  /** The signed-in user's name. */
  agent: string;
  /** The business hours in each language, on one line. */
  hours: Record<Locale, string>;
}

/** The reply links, in the order the dialog offers them. */
const REPLY_BUTTONS = [
  { channel: 'whatsapp', label: 'WhatsApp', Icon: MessageCircle, tone: 'text-green-700' },
  { channel: 'call', label: 'Call', Icon: Phone, tone: 'text-blue-700' },
  { channel: 'sms', label: 'SMS', Icon: MessageSquareText, tone: 'text-slate-700' },
  { channel: 'email', label: 'Email', Icon: Mail, tone: 'text-slate-700' },
] as const satisfies readonly {
  channel: InquiryReplyChannel;
  label: string;
  Icon: LucideIcon;
  tone: string;
}[];

/** Beyond this many templates in the inquiry's language, a search field narrows them. */
const SEARCH_FROM = 5;

function ReplyLink({
  href,
  onOpen,
  external = false,
  children,
}: {
  href: string;
  onOpen: () => void;
  external?: boolean;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      onClick={onOpen}
      className={buttonClassName('secondary')}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external && <span className="sr-only">(opens in a new tab)</span>}
    </a>
  );
}

function TemplateChoice({
  templates,
  chosenId,
  onChoose,
}: {
  templates: readonly ReplyTemplate[];
  chosenId: string | null;
  onChoose: (id: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const name = useId();
  const term = search.trim().toLocaleLowerCase();
  const matching = templates.filter(
    (template) =>
      template._id === chosenId || `${template.title}\n${template.body}`.toLocaleLowerCase().includes(term),
  );
  const option = (id: string | null, label: string) => (
    <label
      key={id ?? 'none'}
      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-checked:border-indigo-500 has-checked:bg-indigo-50"
    >
      <input
        type="radio"
        name={name}
        checked={chosenId === id}
        onChange={() => onChoose(id)}
        className="size-4 shrink-0 accent-indigo-600"
      />
      <span className="min-w-0 break-words">{label}</span>
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Template</legend>
      {templates.length > SEARCH_FROM && (
        <TextField
          label="Search templates"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        {option(null, 'None: the greeting')}
        {matching.map((template) => option(template._id, template.title))}
      </div>
      {matching.length === 0 && (
        <p className="text-sm text-slate-600">No template matches “{search.trim()}”.</p>
      )}
    </fieldset>
  );
}

/**
 * The inquiry's Reply section: a template in the inquiry's language (decision 078), its blanks to fill, the
 * text as it will be sent, and the links that open WhatsApp, a call, an SMS or an email with it. Opening a
 * link records it in the history, with the template's title.
 */
export function InquiryReply({ inquiry, facts }: { inquiry: Inquiry; facts: ReplyFacts }) {
  const templates = useReplyTemplates();
  const recordReplyLink = useRecordReplyLink();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [blanks, setBlanks] = useState<Record<string, string>>({});
  const inLanguage = (templates.data ?? []).filter((template) => template.language === inquiry.language);
  const chosen = inLanguage.find((template) => template._id === chosenId);
  const blankNames = chosen ? templateBlanks(chosen.body) : [];
  const missing = blankNames.filter((blank) => !blanks[blank]?.trim());
  const text =
    chosen &&
    fillTemplate(
      chosen.body,
      {
        name: inquiry.name,
        service: INQUIRY_SERVICE_LABELS[inquiry.service],
        brand: facts.brand ?? '',
        agent: facts.agent,
        hours: facts.hours[inquiry.language],
      },
      blanks,
    );
  const links = replyLinks(inquiry, facts.brand, text);
  // A call carries no text: only the others are sent with the template.
  const opened = (channel: InquiryReplyChannel) => () =>
    recordReplyLink(inquiry._id, channel, channel === 'call' ? undefined : chosen?._id);
  const ready = missing.length === 0;
  const anyLink = links.whatsapp || links.call || links.email;
  if (!anyLink) return null;
  return (
    <section aria-label="Reply" className="space-y-3">
      <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Reply</h3>
      {inLanguage.length > 0 && (
        <TemplateChoice templates={inLanguage} chosenId={chosenId} onChoose={setChosenId} />
      )}
      {blankNames.map((blank) => (
        <TextField
          key={blank}
          label={`Fill in: ${blank}`}
          value={blanks[blank] ?? ''}
          onChange={(event) => setBlanks((current) => ({ ...current, [blank]: event.target.value }))}
        />
      ))}
      {text !== undefined && (
        <figure className="space-y-1">
          <figcaption className="text-sm font-medium text-slate-700">Message</figcaption>
          <p
            aria-live="polite"
            className="rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900"
          >
            {text}
          </p>
        </figure>
      )}
      {ready ? (
        <div className="flex flex-wrap gap-2">
          {REPLY_BUTTONS.map(({ channel, label, Icon, tone }) => {
            const href = links[channel];
            return (
              href && (
                <ReplyLink
                  key={channel}
                  href={href}
                  onOpen={opened(channel)}
                  external={channel === 'whatsapp'}
                >
                  <Icon aria-hidden="true" className={cx('size-4', tone)} />
                  {label}
                </ReplyLink>
              )
            );
          })}
        </div>
      ) : (
        <p role="status" className="text-sm text-amber-900">
          Fill in {missing.join(', ')} to send this reply.
        </p>
      )}
      <p className="text-sm">
        <Link to={adminPath('templates')} className={cx('text-indigo-700 underline underline-offset-2')}>
          Manage reply templates
        </Link>
      </p>
    </section>
  );
}
