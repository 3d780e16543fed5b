import { describe, expect, it } from 'vitest';
import { replyGreeting, replyLinks } from './reply-links.ts';

describe('replyLinks', () => {
  it('builds WhatsApp with a greeting naming the brand, a call and an email link', () => {
    const links = replyLinks(
      { name: 'Asha Rao', phone: '+91 98765 43210', email: 'asha.rao@example.com' },
      'Sampark',
    );
    expect(links.call).toBe('tel:+919876543210');
    expect(links.email).toBe('mailto:asha.rao@example.com');
    const whatsapp = new URL(links.whatsapp ?? '');
    expect(whatsapp.origin + whatsapp.pathname).toBe('https://wa.me/919876543210');
    expect(whatsapp.searchParams.get('text')).toBe(
      'Hello Asha Rao, this is Sampark replying to your inquiry.',
    );
  });

  it('gives no link for values that cannot make a safe one', () => {
    const links = replyLinks({ name: 'X', phone: 'call me', email: 'javascript:alert(1)' }, 'Sampark');
    expect(links).toEqual({ whatsapp: null, call: null, email: null });
  });

  it('greets without the brand when it is not known', () => {
    expect(replyGreeting(' Ravi ', undefined)).toBe('Hello Ravi, we are replying to your inquiry.');
    expect(replyGreeting('Ravi', '  ')).toBe('Hello Ravi, we are replying to your inquiry.');
  });
});
