import { describe, expect, it } from 'vitest';
import { newId } from '../../db/values.ts';
import { inquiryRepository } from '../../test-support/inquiry-repository.ts';
import {
  migrateTestDatabase,
  storedChannel,
  storedInquiry,
  TEST_DIALECTS,
  withDatabaseMigratedTo,
} from '../../test-support/test-app.ts';

const SENT_AT = '2026-03-01T10:00:00.000Z';

describe.each(TEST_DIALECTS)('phone numbers migration (%s)', (dialect) => {
  it('stores the phones of inquiries and of phone and WhatsApp channels in E.164 where they parse', async () => {
    await withDatabaseMigratedTo(dialect, '0007_admin_sign_in_record', async (database) => {
      const typed = [
        '+91 98765 43210',
        '98765 11111',
        '098765-22222',
        '+44 20 7946 0000',
        '+919876533333',
        'call me on the landline',
        '98765',
      ];
      const ids = typed.map(() => newId());
      await database.db
        .insertInto('contactInquiries')
        .values(typed.map((phone, i) => ({ ...storedInquiry(SENT_AT, { phone }), id: ids[i]! })))
        .execute();
      await database.db
        .insertInto('contactChannels')
        .values([
          storedChannel('phone', '+91 98765 44444', 0, SENT_AT),
          storedChannel('whatsapp', '98765 55555', 1, SENT_AT),
          storedChannel('phone', '+91 1234', 2, SENT_AT),
          storedChannel('telegram', '@asha_support', 3, SENT_AT),
        ])
        .execute();

      await migrateTestDatabase(database);

      const repository = inquiryRepository({ db: database.db, dialect });
      const phones = await Promise.all(ids.map(async (id) => (await repository.findById(id))?.phone));
      expect(phones).toEqual([
        '+919876543210',
        '+919876511111',
        '+919876522222',
        '+442079460000',
        '+919876533333',
        'call me on the landline',
        '98765',
      ]);
      const stored = await repository.findById(ids[0]!);
      expect(stored).toMatchObject({ phoneDisplay: '+91 98765 43210', updatedAt: SENT_AT });
      // The search index follows: the new form of a number finds it.
      expect((await repository.list({ q: '09876522222', page: 1, pageSize: 10 })).inquiries).toMatchObject([
        { _id: ids[2] },
      ]);
      const channels = await database.db
        .selectFrom('contactChannels')
        .select(['type', 'value'])
        .orderBy('position')
        .execute();
      expect(channels).toEqual([
        { type: 'phone', value: '+919876544444' },
        { type: 'whatsapp', value: '+919876555555' },
        { type: 'phone', value: '+91 1234' },
        { type: 'telegram', value: '@asha_support' },
      ]);
    });
  });
});
