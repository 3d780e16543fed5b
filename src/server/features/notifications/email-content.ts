import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import { adminPath, inquiryPath } from '../../../shared/pages/admin-paths.ts';
import { SECURITY_NOTICE_LABELS, type SecurityNoticeAction } from '../../../shared/rules/audit-log.ts';
import { INQUIRY_SERVICE_LABELS } from '../../../shared/rules/contact-inquiries.ts';
import { replyLinks } from '../../../shared/rules/reply-links.ts';
import { readableDateTimeFormatter } from '../../lib/time-zone.ts';
import { escapeXml } from '../../lib/xml.ts';

/** What every notification email needs to know about the business. */
export interface EmailContext {
  brandName: string;
  timeZone: string;
  /** Where links point: PUBLIC_ORIGIN, or the server's own address. */
  origin: string;
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/** The visitor typed these: one line for a header, whatever they pasted. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks and controls are what is removed
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

const html = escapeXml;

function htmlPage(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${html(title)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:40rem">${body}</body></html>`;
}

function footer(context: EmailContext): { text: string; html: string } {
  const profile = `${context.origin}${adminPath('profile')}`;
  const words = `You get this email because notifications are on for you at ${context.brandName}. Change them in My Profile:`;
  return {
    text: `--\n${words} ${profile}`,
    html: `<hr><p style="color:#64748b;font-size:13px">${html(words)} <a href="${html(profile)}">${html(profile)}</a></p>`,
  };
}

/** The email of one new inquiry: its fields, the reply links the inbox offers, and a link to it in the inbox. */
export function inquiryEmail(inquiry: Inquiry, context: EmailContext): EmailContent & { replyTo?: string } {
  const when = readableDateTimeFormatter(context.timeZone)(inquiry.createdAt);
  const links = replyLinks(inquiry, context.brandName);
  const inboxLink = `${context.origin}${inquiryPath(inquiry._id)}`;
  const fields: [string, string][] = [
    ['Name', inquiry.name],
    ['Phone', inquiry.phoneDisplay],
    ['Email', inquiry.email],
    ['City', inquiry.city],
    ['Service', INQUIRY_SERVICE_LABELS[inquiry.service]],
    ['Received', when],
  ];
  const replies = [
    ['Reply on WhatsApp', links.whatsapp],
    ['Call', links.call],
    ['Reply by email', links.email],
  ].filter((entry): entry is [string, string] => entry[1] !== null);
  const end = footer(context);
  const subject = `New inquiry from ${oneLine(inquiry.name) || 'a visitor'}`;

  const text = [
    `New inquiry on ${context.brandName}`,
    '',
    ...fields.map(([label, value]) => `${label}: ${oneLine(value)}`),
    '',
    'Message:',
    inquiry.query,
    '',
    ...replies.map(([label, href]) => `${label}: ${href}`),
    `Open in the inbox: ${inboxLink}`,
    '',
    end.text,
  ].join('\n');

  const body = [
    `<h1 style="font-size:20px">New inquiry on ${html(context.brandName)}</h1>`,
    '<table style="border-collapse:collapse">',
    ...fields.map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#64748b;font-weight:normal">${html(label)}</th><td>${html(value)}</td></tr>`,
    ),
    '</table>',
    '<h2 style="font-size:16px">Message</h2>',
    `<p style="white-space:pre-wrap">${html(inquiry.query)}</p>`,
    `<p>${replies.map(([label, href]) => `<a href="${html(href)}">${html(label)}</a>`).join(' &middot; ')}</p>`,
    `<p><a href="${html(inboxLink)}">Open in the inbox</a></p>`,
    end.html,
  ].join('\n');

  return {
    subject,
    text,
    html: htmlPage(subject, body),
    ...(links.email ? { replyTo: inquiry.email } : {}),
  };
}

export interface DigestList {
  /** The inquiries shown, newest first. */
  inquiries: Inquiry[];
  /** How many there are in all (more than those shown when the list was cut short). */
  total: number;
}

/** The overdue inquiries (decision 080), and after how many business hours an inquiry is overdue. */
export interface OverdueList extends DigestList {
  afterHours: number;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The daily digest: the inquiries still unread `unreadHours` after they arrived, then those overdue (waiting
 * without a reply longer than the business hours set, decision 080), each with a link.
 */
export function digestEmail(
  { unread, unreadHours, overdue }: { unread: DigestList; unreadHours: number; overdue: OverdueList },
  context: EmailContext,
): EmailContent {
  const format = readableDateTimeFormatter(context.timeZone);
  const inbox = `${context.origin}${adminPath('inquiries')}`;
  const unreadCount = plural(unread.total, 'inquiry is', 'inquiries are');
  const overdueCount = plural(overdue.total, 'inquiry is', 'inquiries are');
  const subject =
    unread.total > 0
      ? `${unreadCount} still unread on ${context.brandName}`
      : `${overdueCount} overdue on ${context.brandName}`;
  const sections = [
    {
      list: unread,
      intro: `${unreadCount} still unread ${plural(unreadHours, 'hour', 'hours')} or more after ${unread.total === 1 ? 'it' : 'they'} arrived.`,
    },
    {
      list: overdue,
      intro: `${overdueCount} overdue: waiting for a reply for more than ${plural(overdue.afterHours, 'business hour', 'business hours')}.`,
    },
  ]
    .filter(({ list }) => list.total > 0)
    .map(({ list, intro }) => ({
      intro,
      more: list.total - list.inquiries.length,
      items: list.inquiries.map((inquiry) => ({
        line: `${oneLine(inquiry.name)} (${oneLine(inquiry.phoneDisplay)}, ${oneLine(inquiry.email)}), ${format(inquiry.createdAt)}`,
        link: `${context.origin}${inquiryPath(inquiry._id)}`,
      })),
    }));
  const end = footer(context);

  const text = [
    ...sections.flatMap(({ intro, items, more }) => [
      intro,
      '',
      ...items.map(({ line, link }) => `- ${line}\n  ${link}`),
      ...(more > 0 ? ['', `and ${more} more in the inbox: ${inbox}`] : []),
      '',
    ]),
    end.text,
  ].join('\n');
  const body = [
    `<h1 style="font-size:20px">${html(subject)}</h1>`,
    ...sections.flatMap(({ intro, items, more }) => [
      `<p>${html(intro)}</p>`,
      '<ul>',
      ...items.map(({ line, link }) => `<li><a href="${html(link)}">${html(line)}</a></li>`),
      '</ul>',
      ...(more > 0 ? [`<p>and ${more} more <a href="${html(inbox)}">in the inbox</a>.</p>`] : []),
    ]),
    end.html,
  ].join('\n');
  return { subject, text, html: htmlPage(subject, body) };
}

/** The email of Settings' "Send test email" button. */
export function testEmail(context: EmailContext): EmailContent {
  const subject = `Test email from ${context.brandName}`;
  const words = `Email notifications from ${context.brandName} reach this address. New inquiries will arrive like this.`;
  const end = footer(context);
  return {
    subject,
    text: `${words}\n\n${end.text}`,
    html: htmlPage(subject, `<p>${html(words)}</p>\n${end.html}`),
  };
}

/**
 * An email to every administrator about something that stopped by itself: what happened, what to do in
 * Settings (linked), and why they get it.
 */
function administratorAlert(
  subject: string,
  happened: string,
  todo: string,
  context: EmailContext,
): EmailContent {
  const settings = `${context.origin}${adminPath('settings')}`;
  const end = `--\nYou get this email because you are an administrator of ${context.brandName}.`;
  return {
    subject,
    text: `${happened}\n\n${todo} ${settings}\n\n${end}`,
    html: htmlPage(
      subject,
      `<p>${html(happened)}</p>\n<p>${html(todo)} <a href="${html(settings)}">${html(settings)}</a></p>\n<hr><p style="color:#64748b;font-size:13px">${html(end.slice(3))}</p>`,
    ),
  };
}

/** To every administrator: a webhook was turned off after a day of failed deliveries (decision 042). */
export function webhookDisabledEmail(
  endpoint: { url: string; description: string },
  context: EmailContext,
): EmailContent {
  const name = endpoint.description ? `${oneLine(endpoint.description)} (${endpoint.url})` : endpoint.url;
  return administratorAlert(
    `A webhook of ${context.brandName} was turned off`,
    `The webhook ${name} was turned off: its deliveries failed for a day without one succeeding.`,
    'Nothing more is sent to it. Check the receiver, then turn the webhook on again in Settings, where its delivery log shows each attempt and the last error:',
    context,
  );
}

/**
 * To every administrator: a backup's copy off the machine was given up after a day of failed attempts
 * (decision 056); the words are the copier's own, which never carry the storage's secret.
 */
export function backupCopyFailedEmail(
  failure: { fileName: string; message: string },
  context: EmailContext,
): EmailContent {
  return administratorAlert(
    `${context.brandName} security notice: a backup was not copied off the machine`,
    `The backup ${failure.fileName} could not be copied to the off-machine storage for a day, and is no longer tried: ${oneLine(failure.message)}`,
    'Until a copy succeeds, the only backups are on the server itself. Check the storage and its settings (Settings → Backups → Off-machine copies), then copy the latest backup again:',
    context,
  );
}

/** What a security notice says beyond its label: the detail worth knowing (a token's or webhook's name...). */
const NOTICE_DETAIL_FIELDS: Record<string, string> = {
  token: 'API token',
  name: 'Name',
  email: 'Email',
  url: 'Address',
  description: 'Description',
  apiToken: 'With the API token',
  storage: 'Storage',
  bucket: 'Bucket',
};

/**
 * A security notice (SECURITY_NOTICE_ACTIONS) to an administrator: what happened, who did it, when and from
 * where, and where to look and act if nobody they trust did.
 */
export function securityNoticeEmail(
  notice: {
    action: SecurityNoticeAction;
    at: string;
    actorEmail: string | null;
    ip: string | null;
    detail: Record<string, string | number | boolean | null> | null;
  },
  context: EmailContext,
): EmailContent {
  const label = SECURITY_NOTICE_LABELS[notice.action];
  const subject = `${context.brandName} security notice: ${label}`;
  const auditLog = `${context.origin}${adminPath('auditLog')}`;
  const facts: [string, string][] = [
    ['What', label],
    ['By', notice.actorEmail ?? 'unknown'],
    ['When', readableDateTimeFormatter(context.timeZone)(notice.at)],
    ['From the address', notice.ip ?? 'unknown'],
    ...Object.entries(NOTICE_DETAIL_FIELDS).flatMap(([key, name]): [string, string][] => {
      const value = notice.detail?.[key];
      return typeof value === 'string' && value ? [[name, oneLine(value)]] : [];
    }),
  ];
  const advice =
    'If you or someone you trust did not do this, sign in now and check the audit log: revoke unknown API tokens and webhooks, reset the password of the account that did it, and turn on two-factor sign-in.';
  const end = `--\nYou get this email because you are an administrator of ${context.brandName}.`;
  return {
    subject,
    text: `${facts.map(([name, value]) => `${name}: ${value}`).join('\n')}\n\n${advice} ${auditLog}\n\n${end}`,
    html: htmlPage(
      subject,
      `<table>${facts.map(([name, value]) => `<tr><th align="left" style="padding-right:1em">${html(name)}</th><td>${html(value)}</td></tr>`).join('')}</table>\n<p>${html(advice)} <a href="${html(auditLog)}">${html(auditLog)}</a></p>\n<hr><p style="color:#64748b;font-size:13px">${html(end.slice(3))}</p>`,
    ),
  };
}
