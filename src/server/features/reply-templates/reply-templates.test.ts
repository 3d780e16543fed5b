import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { InquiryEvent } from '../../../shared/contracts/inquiry-history.ts';
import type { ReplyTemplate } from '../../../shared/contracts/reply-templates.ts';
import { REPLY_TEMPLATES_MAX } from '../../../shared/rules/reply-templates.ts';
import { newId } from '../../db/values.ts';
import {
  asAdmin,
  createAdmin,
  expectBadRequest,
  expectNotFound,
  signedInAppForEachTest,
  signIn,
  storedInquiry,
  TEST_DIALECTS,
} from '../../test-support/test-app.ts';

const TEMPLATES = '/api/reply-templates';
const MISSING_ID = '0190a0a0-0000-7000-8000-000000000000';
const PRICE = {
  title: 'Price quote',
  body: 'Hello {name}, {service} costs [[price]]. {agent}, {brand}',
  language: 'en',
};

describe.each(TEST_DIALECTS)('reply templates (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);
  const as = (cookie: string, options: InjectOptions) => t.app.inject(asAdmin(cookie, options));
  const member = async (role: 'agent' | 'editor') => {
    const credentials = { email: `${role}@example.com`, password: 'a long enough password' };
    await createAdmin(t.database, { ...credentials, name: `An ${role}`, role });
    return signIn(t.app, credentials);
  };
  const add = async (cookie: string, payload: object = PRICE): Promise<ReplyTemplate> => {
    const response = await as(cookie, { method: 'POST', url: TEMPLATES, payload });
    expect(response.statusCode).toBe(201);
    return response.json().template;
  };

  it('lets agents and administrators keep templates, by title, and editors not even read them', async () => {
    const agent = await member('agent');
    const hindi = await add(agent, { title: 'कीमत', body: 'नमस्ते {name}, कीमत [[कीमत]] है।', language: 'hi' });
    const price = await add(t.cookie);
    const list = await as(agent, { method: 'GET', url: TEMPLATES });
    expect(list.json().templates.map((template: ReplyTemplate) => template.title)).toEqual([
      'Price quote',
      'कीमत',
    ]);

    const changed = await as(agent, {
      method: 'PUT',
      url: `${TEMPLATES}/${price._id}`,
      payload: { ...PRICE, body: 'Line one\nLine two [[price]]' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().template).toMatchObject({ body: 'Line one\nLine two [[price]]', language: 'en' });

    const editor = await member('editor');
    for (const options of [
      { method: 'GET', url: TEMPLATES },
      { method: 'POST', url: TEMPLATES, payload: PRICE },
      { method: 'PUT', url: `${TEMPLATES}/${hindi._id}`, payload: PRICE },
      { method: 'DELETE', url: `${TEMPLATES}/${hindi._id}` },
    ] as const) {
      expect((await as(editor, options)).statusCode, `${options.method} ${options.url}`).toBe(403);
    }
    expect((await as(agent, { method: 'DELETE', url: `${TEMPLATES}/${hindi._id}` })).statusCode).toBe(200);
    expectNotFound(
      await as(agent, { method: 'DELETE', url: `${TEMPLATES}/${hindi._id}` }),
      'Template not found',
    );
  });

  it('refuses a bad template by its field, and more than the cap', async () => {
    for (const [field, payload] of [
      ['title', { ...PRICE, title: ' ' }],
      ['title', { ...PRICE, title: 'x'.repeat(81) }],
      ['title', { ...PRICE, title: 'Two\nlines' }],
      ['body', { ...PRICE, body: '' }],
      ['body', { ...PRICE, body: 'y'.repeat(1001) }],
      ['language', { ...PRICE, language: 'fr' }],
    ] as const) {
      expectBadRequest(await as(t.cookie, { method: 'POST', url: TEMPLATES, payload }), field);
    }
    const at = new Date().toISOString();
    await t.database.db
      .insertInto('replyTemplates')
      .values(
        Array.from({ length: REPLY_TEMPLATES_MAX }, (_, index) => ({
          id: newId(),
          title: `Template ${index}`,
          body: 'Hello {name}',
          language: 'en',
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute();
    const tooMany = await as(t.cookie, { method: 'POST', url: TEMPLATES, payload: PRICE });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/at most 200 templates/);
  });

  it("records in the inquiry's history which template a reply link carried, even after it is deleted", async () => {
    const row = storedInquiry(new Date().toISOString());
    await t.database.db.insertInto('contactInquiries').values(row).execute();
    const price = await add(t.cookie);
    const replied = (payload: object) =>
      as(t.cookie, { method: 'POST', url: `/api/contact-inquiries/${row.id}/reply-link`, payload });
    expect((await replied({ channel: 'whatsapp', templateId: price._id })).statusCode).toBe(200);
    expect((await replied({ channel: 'sms', templateId: price._id })).statusCode).toBe(200);
    expectBadRequest(await replied({ channel: 'email', templateId: MISSING_ID }), 'templateId');
    expectBadRequest(await replied({ channel: 'email', templateId: 'nope' }), 'templateId');
    await as(t.cookie, { method: 'DELETE', url: `${TEMPLATES}/${price._id}` });

    const history = await as(t.cookie, { method: 'GET', url: `/api/contact-inquiries/${row.id}/history` });
    const events: InquiryEvent[] = history.json().events;
    expect(events.map(({ _id, at, actor, ...event }) => event)).toEqual([
      { kind: 'reply-link', channel: 'sms', template: 'Price quote' },
      { kind: 'reply-link', channel: 'whatsapp', template: 'Price quote' },
    ]);
  });
});
