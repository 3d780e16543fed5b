import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTACT_CHANNEL_TYPES, LINK_TYPES } from '../../../shared/rules/contact-channels.ts';
import {
  asAdmin,
  migrateTestDatabase,
  signedInAppForEachTest,
  storedChannel,
  TEST_DIALECTS,
  withDatabaseMigratedTo,
} from '../../test-support/test-app.ts';
import { createContactChannelRepository } from './repository.ts';

describe.each(TEST_DIALECTS)('contact channels API (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);

  const addChannel = async (payload: Record<string, unknown>) => {
    const response = await t.app.inject(asAdmin(t.cookie, { method: 'POST', url: '/api/contacts', payload }));
    return response;
  };
  const activeList = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/contacts/active' });
    expect(response.statusCode).toBe(200);
    return response.json().contacts as { _id: string; type: string; value: string }[];
  };
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject(asAdmin(t.cookie, { method: 'PATCH', url: `/api/contacts/${id}`, payload }));

  it('adds a WhatsApp channel that the public list shows at once, with only _id, type, value and display', async () => {
    const created = await addChannel({ type: 'whatsapp', value: '+91 98765-43210', proof: 'Main line' });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Contact added successfully',
      contact: {
        type: 'whatsapp',
        value: '+919876543210',
        display: '+91 98765 43210',
        isActive: true,
        proof: 'Main line',
        position: 0,
      },
    });
    expect(body.contact.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await activeList()).toEqual([
      { _id: body.contact._id, type: 'whatsapp', value: '+919876543210', display: '+91 98765 43210' },
    ]);
  });

  it.each([
    ['9876543210', undefined],
    ['98765 43210', '+91'],
    ['09876543210', '+91'],
    ['+91 98765 43210', '+44'],
  ])('stores the number %s (country %s) in E.164', async (value, countryCode) => {
    const created = await addChannel({ type: 'phone', value, countryCode });
    expect(created.statusCode).toBe(201);
    expect(created.json().contact).toMatchObject({ value: '+919876543210', display: '+91 98765 43210' });
  });

  it('reads a national number with the chosen country, when adding and when editing', async () => {
    const created = (
      await addChannel({ type: 'whatsapp', value: '050 123 4567', countryCode: '+971' })
    ).json().contact;
    expect(created).toMatchObject({ value: '+971501234567', display: '+971 50 123 4567' });
    const edited = await patch(created._id, { value: '07400 123456', countryCode: '+44' });
    expect(edited.json().contact).toMatchObject({ value: '+447400123456', display: '+44 7400 123456' });
    const refused = await patch(created._id, { value: '55555 55555' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      value: 'Enter a valid phone number for the chosen country, e.g. 98765 43210',
    });
    expect((await activeList())[0]).toMatchObject({ value: '+447400123456' });
  });

  it('defaults a new channel to phone and active', async () => {
    const created = await addChannel({ value: '+44 20 7946 0958' });
    expect(created.json().contact).toMatchObject({ type: 'phone', isActive: true, proof: '' });
  });

  it('keeps inactive channels out of the public list but in the admin list', async () => {
    const created = (await addChannel({ type: 'email', value: 'Help@Example.com', isActive: false })).json()
      .contact;
    expect(created.value).toBe('help@example.com');
    expect(await activeList()).toEqual([]);
    const all = await t.app.inject(asAdmin(t.cookie, { method: 'GET', url: '/api/contacts' }));
    expect(all.json().contacts.map((c: { _id: string }) => c._id)).toEqual([created._id]);
  });

  it('toggles, edits and reorders, and the public list follows each step', async () => {
    const a = (await addChannel({ type: 'whatsapp', value: '+91 98765 43210' })).json().contact;
    const b = (await addChannel({ type: 'telegram', value: '@sampark_help' })).json().contact;
    const c = (await addChannel({ type: 'website', value: 'https://example.com' })).json().contact;
    expect((await activeList()).map((x) => x._id)).toEqual([a._id, b._id, c._id]);

    expect((await patch(a._id, { isActive: false })).json().contact.isActive).toBe(false);
    expect((await activeList()).map((x) => x._id)).toEqual([b._id, c._id]);
    await patch(a._id, { isActive: true });

    const moved = await patch(c._id, { position: 0 });
    expect(moved.statusCode).toBe(200);
    expect((await activeList()).map((x) => x._id)).toEqual([c._id, a._id, b._id]);
    await patch(c._id, { position: 99 });
    expect((await activeList()).map((x) => x._id)).toEqual([a._id, b._id, c._id]);

    const edited = await patch(b._id, { value: 'https://t.me/sampark_news', proof: 'News' });
    expect(edited.json().contact).toMatchObject({
      value: 'https://t.me/sampark_news',
      proof: 'News',
      type: 'telegram',
    });
    expect((await activeList()).find((x) => x._id === b._id)?.value).toBe('https://t.me/sampark_news');
  });

  it('deletes a channel; a second delete answers 404', async () => {
    const a = (await addChannel({ type: 'phone', value: '+91 98765 43210' })).json().contact;
    const deleted = await t.app.inject(
      asAdmin(t.cookie, { method: 'DELETE', url: `/api/contacts/${a._id}` }),
    );
    expect(deleted.json()).toEqual({ success: true, message: 'Contact deleted successfully' });
    expect(await activeList()).toEqual([]);
    const again = await t.app.inject(asAdmin(t.cookie, { method: 'DELETE', url: `/api/contacts/${a._id}` }));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Contact not found' });
  });

  it('keeps a Hindi description; the public list carries both descriptions only once the owner shows them', async () => {
    const created = await addChannel({
      type: 'whatsapp',
      value: '+91 98765 43210',
      proof: 'Replies within an hour',
      proofHi: '  एक घंटे में जवाब  ',
    });
    expect(created.statusCode).toBe(201);
    const channel = created.json().contact;
    expect(channel).toMatchObject({
      proof: 'Replies within an hour',
      proofHi: 'एक घंटे में जवाब',
      showProof: false,
    });
    const adminList = await t.app.inject(asAdmin(t.cookie, { method: 'GET', url: '/api/contacts' }));
    expect(adminList.json().contacts[0]).toMatchObject({ proofHi: 'एक घंटे में जवाब', showProof: false });
    // A note for the admin list: the public list does not carry it.
    expect((await activeList())[0]).toEqual({
      _id: channel._id,
      type: 'whatsapp',
      value: '+919876543210',
      display: '+91 98765 43210',
    });

    const shown = await patch(channel._id, { showProof: true });
    expect(shown.json().contact).toMatchObject({ showProof: true, proofHi: 'एक घंटे में जवाब' });
    expect((await activeList())[0]).toMatchObject({
      proof: 'Replies within an hour',
      proofHi: 'एक घंटे में जवाब',
    });

    // Emptied, the Hindi text is empty (Hindi pages then show the English one).
    expect((await patch(channel._id, { proofHi: '' })).json().contact.proofHi).toBe('');
    expect((await activeList())[0]).toMatchObject({ proof: 'Replies within an hour', proofHi: '' });

    expect((await patch(channel._id, { showProof: false })).statusCode).toBe(200);
    expect(await activeList()).toEqual([expect.not.objectContaining({ proof: expect.anything() })]);
  });

  it('refuses a Hindi description that is too long or holds a control character, like the English one', async () => {
    const tooLong = await addChannel({ type: 'phone', value: '+91 98765 43210', proofHi: 'क'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ proofHi: 'Description in Hindi must be at most 500 characters' });
    const channel = (await addChannel({ type: 'phone', value: '+91 98765 43210' })).json().contact;
    const control = await patch(channel._id, { proofHi: 'कॉल\u001bकरें' });
    expect(control.statusCode).toBe(400);
    expect(control.json().errors).toEqual({
      proofHi: 'Description in Hindi must not contain control characters',
    });
    expect((await patch(channel._id, { showProof: 'yes' })).json().errors).toEqual({
      showProof: 'Choose on or off',
    });
  });

  it.each([...LINK_TYPES])('refuses javascript: for the link type %s with a field message', async (type) => {
    const response = await addChannel({ type, value: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, errors: { value: expect.any(String) } });
    expect(await activeList()).toEqual([]);
  });

  it('refuses javascript: when editing an existing link', async () => {
    const site = (await addChannel({ type: 'website', value: 'https://example.com' })).json().contact;
    const response = await patch(site._id, { value: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.value).toBe('Enter a full link starting with https:// or http://');
  });

  it.each([
    ['phone', '55555 55555', 'Enter a valid phone number for the chosen country, e.g. 98765 43210'],
    ['whatsapp', 'call me', 'Enter a valid phone number for the chosen country, e.g. 98765 43210'],
    ['email', 'not-an-email', 'Enter a valid email address'],
    ['telegram', 'https://evil.example/x', 'Enter a Telegram handle (e.g. @yourhandle) or a t.me link'],
    ['website', 'example.com', 'Enter a full link starting with https:// or http://'],
    ['phone', '   ', 'Value is required'],
  ])('explains a bad %s value (%s)', async (type, value, message) => {
    const response = await addChannel({ type, value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ value: message });
  });

  it('refuses an unknown type and an empty update with 400', async () => {
    expect((await addChannel({ type: 'pager', value: '123' })).json().errors).toHaveProperty('type');
    const a = (await addChannel({ type: 'phone', value: '+91 98765 43210' })).json().contact;
    expect((await patch(a._id, {})).statusCode).toBe(400);
    expect((await patch('0193a3b6-2c4d-7e5f-8a9b-0c1d2e3f4a5b', { isActive: true })).statusCode).toBe(404);
    // Ids are UUIDs: anything else cannot name a channel and never reaches the database.
    for (const id of ['missing', '%00', `${a._id}%00`]) {
      expect((await patch(id, { isActive: true })).json()).toMatchObject({
        errors: { id: 'Invalid contact id' },
      });
    }
  });

  it('never answers 5xx to any JSON body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            type: fc.oneof(fc.constantFrom(...CONTACT_CHANNEL_TYPES), fc.string()),
            value: fc.oneof(fc.string({ maxLength: 1200 }), fc.integer(), fc.constant(null)),
            isActive: fc.oneof(fc.boolean(), fc.string()),
            proof: fc.oneof(fc.string({ maxLength: 600 }), fc.constant(undefined)),
            proofHi: fc.oneof(fc.string({ maxLength: 600 }), fc.integer(), fc.constant(undefined)),
            showProof: fc.oneof(fc.boolean(), fc.string(), fc.constant(undefined)),
          },
          { requiredKeys: [] },
        ),
        async (payload) => {
          const response = await addChannel(payload);
          expect(response.statusCode === 201 || response.statusCode === 400).toBe(true);
          if (response.statusCode === 400) expect(response.json().success).toBe(false);
        },
      ),
      { numRuns: dialect === 'sqlite' ? 150 : 60 },
    );
  });
});

describe.each(TEST_DIALECTS)('Hindi owner texts migration (%s)', (dialect) => {
  it('gives existing channels an empty Hindi description, kept off the public list', async () => {
    await withDatabaseMigratedTo(dialect, '0013_content_tools', async (database) => {
      const now = new Date().toISOString();
      await database.db
        .insertInto('contactChannels')
        .values({ ...storedChannel('whatsapp', '+919876543210', 0, now), proof: 'Only for us' })
        .execute();

      await migrateTestDatabase(database);

      const channels = await createContactChannelRepository(database.db).listAll();
      expect(channels).toMatchObject([{ proof: 'Only for us', proofHi: '', showProof: false }]);
      expect(await createContactChannelRepository(database.db).listActive()).toEqual([
        { _id: channels[0]?._id, type: 'whatsapp', value: '+919876543210', display: '+91 98765 43210' },
      ]);
    });
  });
});
