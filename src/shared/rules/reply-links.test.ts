import { describe, expect, it } from 'vitest';
import { replyGreeting, replyLinks } from './reply-links.ts';

describe('replyLinks', () => {
  it('builds WhatsApp with a greeting naming the brand, a call and an email link', () => {
    const links = replyLinks(
      { name: 'Asha Rao', phone: '+91 98765 43210', email: 'asha.rao@example.com', language: 'en' },
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

  it("carries a filled template in WhatsApp's, the SMS's and the email's text", () => {
    const text = 'नमस्ते आशा, कीमत ₹500 है। & more?';
    const links = replyLinks(
      { name: 'आशा', phone: '+91 98765 43210', email: 'asha@example.com', language: 'hi' },
      'Sampark',
      text,
    );
    expect(new URL(links.whatsapp ?? '').searchParams.get('text')).toBe(text);
    expect(links.sms).toBe(`sms:+919876543210?body=${encodeURIComponent(text)}`);
    const email = new URL(links.email ?? '');
    expect(email.pathname).toBe('asha@example.com');
    expect(email.searchParams.get('subject')).toBe('आपकी पूछताछ');
    expect(email.searchParams.get('body')).toBe(text);
  });

  it('gives no link for values that cannot make a safe one', () => {
    const links = replyLinks(
      { name: 'X', phone: 'call me', email: 'javascript:alert(1)', language: 'en' },
      'Sampark',
    );
    expect(links).toEqual({ whatsapp: null, call: null, sms: null, email: null });
  });

  it('greets in Hindi a visitor who wrote from a Hindi page', () => {
    const links = replyLinks(
      { name: 'आशा', phone: '+91 98765 43210', email: 'asha@example.com', language: 'hi' },
      'Sampark',
    );
    expect(new URL(links.whatsapp ?? '').searchParams.get('text')).toBe(
      'नमस्ते आशा, Sampark की ओर से आपकी पूछताछ का जवाब दे रहे हैं।',
    );
    expect(replyGreeting('Ravi', undefined, 'hi')).toBe('नमस्ते Ravi, हम आपकी पूछताछ का जवाब दे रहे हैं।');
  });

  it('greets without the brand when it is not known', () => {
    expect(replyGreeting(' Ravi ', undefined)).toBe('Hello Ravi, we are replying to your inquiry.');
    expect(replyGreeting('Ravi', '  ')).toBe('Hello Ravi, we are replying to your inquiry.');
  });
});
