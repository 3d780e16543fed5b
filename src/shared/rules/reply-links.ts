import type { Inquiry } from '../contracts/contact-inquiries.ts';
import { buildChannelLink } from './channel-links.ts';
import type { Locale } from './locales.ts';

export interface ReplyLinks {
  whatsapp: string | null;
  call: string | null;
  sms: string | null;
  email: string | null;
}

/** The subject of an email reply, in the inquiry's language. */
const EMAIL_SUBJECTS: Record<Locale, string> = { en: 'Your inquiry', hi: 'आपकी पूछताछ' };

/**
 * The first words of a WhatsApp reply, so the visitor knows at once who is writing and why, in the language
 * of the page they wrote from.
 */
export function replyGreeting(name: string, brandName: string | undefined, language: Locale = 'en'): string {
  const first = name.trim();
  const brand = brandName?.trim();
  if (language === 'hi') {
    const greeting = first ? `नमस्ते ${first}` : 'नमस्ते';
    return brand
      ? `${greeting}, ${brand} की ओर से आपकी पूछताछ का जवाब दे रहे हैं।`
      : `${greeting}, हम आपकी पूछताछ का जवाब दे रहे हैं।`;
  }
  const greeting = first ? `Hello ${first}` : 'Hello';
  return brand
    ? `${greeting}, this is ${brand} replying to your inquiry.`
    : `${greeting}, we are replying to your inquiry.`;
}

/**
 * Links to answer a visitor by WhatsApp, phone or email: the inbox shows them, notification emails carry them. They come from what the visitor typed, so they go
 * through the shared link builder: a value that cannot make a safe link gives no link at all.
 */
export function replyLinks(
  inquiry: Pick<Inquiry, 'name' | 'phone' | 'email' | 'language'>,
  brandName: string | undefined,
  /** The reply's text, a filled template (decision 078): the email then carries it too. */
  template?: string,
): ReplyLinks {
  const text = template ?? replyGreeting(inquiry.name, brandName, inquiry.language);
  const call = buildChannelLink('phone', inquiry.phone);
  const email = buildChannelLink('email', inquiry.email);
  const subject = EMAIL_SUBJECTS[inquiry.language];
  return {
    whatsapp: buildChannelLink('whatsapp', inquiry.phone, { text }),
    call,
    sms: call && `sms:${call.slice('tel:'.length)}?body=${encodeURIComponent(text)}`,
    email:
      email &&
      (template === undefined
        ? email
        : `${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(template)}`),
  };
}
