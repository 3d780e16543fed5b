import type { Inquiry } from '../contracts/contact-inquiries.ts';
import { buildChannelLink } from './channel-links.ts';

export interface ReplyLinks {
  whatsapp: string | null;
  call: string | null;
  email: string | null;
}

/** The first words of a WhatsApp reply, so the visitor knows at once who is writing and why. */
export function replyGreeting(name: string, brandName: string | undefined): string {
  const first = name.trim();
  const greeting = first ? `Hello ${first}` : 'Hello';
  const brand = brandName?.trim();
  return brand
    ? `${greeting}, this is ${brand} replying to your inquiry.`
    : `${greeting}, we are replying to your inquiry.`;
}

/**
 * Links to answer a visitor by WhatsApp, phone or email: the inbox shows them, notification emails carry them. They come from what the visitor typed, so they go
 * through the shared link builder: a value that cannot make a safe link gives no link at all.
 */
export function replyLinks(
  inquiry: Pick<Inquiry, 'name' | 'phone' | 'email'>,
  brandName: string | undefined,
): ReplyLinks {
  return {
    whatsapp: buildChannelLink('whatsapp', inquiry.phone, { text: replyGreeting(inquiry.name, brandName) }),
    call: buildChannelLink('phone', inquiry.phone),
    email: buildChannelLink('email', inquiry.email),
  };
}
