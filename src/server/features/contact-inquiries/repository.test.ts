import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { INQUIRY_TOTAL_CAP } from '../../../shared/rules/contact-inquiries.ts';
import { newId } from '../../db/values.ts';
import { inquiryRepository } from '../../test-support/inquiry-repository.ts';
import {
  databaseForEachTest,
  migrateTestDatabase,
  storedInquiry,
  TEST_DIALECTS,
  TEST_INQUIRY,
  withDatabaseMigratedTo,
} from '../../test-support/test-app.ts';
import { indexedPageQuery, POSTGRES_SEARCH_PROBE, withIndexPlansOnly } from './inbox-search.ts';
import type { ContactInquiryRepository, NewInquiry } from './repository.ts';

const SEARCHED = ['name', 'email', 'city', 'query', 'phone'] as const;

function inquiry(overrides: Partial<NewInquiry> = {}): NewInquiry {
  return { ...TEST_INQUIRY, ...overrides };
}

describe.each(TEST_DIALECTS)('inquiry repository (%s)', (dialect) => {
  const database = databaseForEachTest(dialect);
  let repository: ContactInquiryRepository;
  beforeEach(async () => {
    repository = inquiryRepository({ db: database.db, dialect });
  });

  /** The stat cards' figures counted the slow way, from every row. */
  async function statsFromRows() {
    const { rows } = await sql<{ status: string; unread: number | string; count: number | string }>`
      select status, sum(1 - is_read) as unread, count(*) as count from contact_inquiries group by status`.execute(
      database.db,
    );
    const stats = { total: 0, new: 0, inProgress: 0, resolved: 0, closed: 0, unread: 0 };
    for (const row of rows) {
      const key = row.status === 'in-progress' ? 'inProgress' : (row.status as 'new' | 'resolved' | 'closed');
      stats[key] += Number(row.count);
      stats.total += Number(row.count);
      stats.unread += Number(row.unread);
    }
    return stats;
  }

  if (dialect === 'postgres') {
    /** Rows enough that the search tells a scarce term from a frequent one (decision 066). */
    const probed = (count: number, row: (index: number) => Parameters<typeof storedInquiry>[1]) =>
      Array.from({ length: count }, (_, index) =>
        storedInquiry(new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(), row(index)),
      );
    const insertAll = async (rows: ReturnType<typeof storedInquiry>[]) => {
      for (let start = 0; start < rows.length; start += 1_000) {
        await database.db
          .insertInto('contactInquiries')
          .values(rows.slice(start, start + 1_000))
          .execute();
      }
    };

    it('reads a scarce term from the trigram index whatever ANALYZE saw, with a status after the index', async () => {
      // ANALYZE sees a term in every row; then the rows change, so the statistics lie about it.
      await insertAll(probed(300, () => ({ query: 'refund please' })));
      await sql`analyze contact_inquiries`.execute(database.db);
      await database.db.updateTable('contactInquiries').set({ query: 'hello' }).execute();
      const plan = await withIndexPlansOnly(database.db, async (trx) => {
        const { rows } = await sql<Record<string, string>>`explain ${indexedPageQuery(
          { q: 'refund', status: 'new' },
          { offset: 0, pageSize: 20 },
        )}`.execute(trx);
        return rows.map((row) => Object.values(row).join(' ')).join('\n');
      });
      expect(plan).toContain('Bitmap Index Scan on contact_inquiries_search');
      expect(plan).not.toContain('BitmapAnd');
      expect(plan).not.toContain('Seq Scan');
    });

    it('finds a scarce term through the index as a walk finds it: filtered, newest first, counted', async () => {
      // One in 150 mentions a zircon (under the probe's share); every third is closed; a phone number too.
      const rows = probed(POSTGRES_SEARCH_PROBE.rows * 2, (index) => ({
        query: index % 150 === 7 ? `Zircon ring ${index}` : `hello ${index}`,
        status: index % 3 === 0 ? 'closed' : 'new',
        phone: index === 1_234 ? '+919812312345' : '+919876543210',
      }));
      await insertAll(rows);
      const newestFirst = [...rows].reverse();
      const zircons = newestFirst.filter((row) => row.query.startsWith('Zircon'));

      const all = await repository.list({ q: 'zircon', page: 1, pageSize: 5 });
      expect(all.inquiries.map((row) => row._id)).toEqual(zircons.slice(0, 5).map((row) => row.id));
      expect(all).toMatchObject({ total: zircons.length, totalCapped: false });
      expect(await repository.list({ q: 'zircon', page: 50, pageSize: 5 })).toEqual({
        inquiries: [],
        total: zircons.length,
        totalCapped: false,
      });
      const closed = zircons.filter((row) => row.status === 'closed');
      const closedPage = await repository.list({ q: 'ZIRCON', status: 'closed', page: 2, pageSize: 2 });
      expect(closedPage.inquiries.map((row) => row._id)).toEqual(closed.slice(2, 4).map((row) => row.id));
      expect(closedPage.total).toBe(closed.length);
      // A number typed nationally finds the stored E.164 through the index too.
      const typed = await repository.list({ q: '098123 12345', page: 1, pageSize: 5 });
      expect(typed.inquiries.map((row) => row._id)).toEqual([rows[1_234]!.id]);
    });

    it('shows a term scarce among the newest but past the cap as 10,000+, newest first', async () => {
      const rows = probed(INQUIRY_TOTAL_CAP + 2 * POSTGRES_SEARCH_PROBE.rows, (index) => ({
        query: index < INQUIRY_TOTAL_CAP + 500 ? `refund ${index}` : `hello ${index}`,
      }));
      await insertAll(rows);
      const page = await repository.list({ q: 'refund', page: 2, pageSize: 3 });
      expect(page).toMatchObject({ total: INQUIRY_TOTAL_CAP, totalCapped: true });
      expect(page.inquiries.map((row) => row.query)).toEqual(
        [3, 4, 5].map((back) => `refund ${INQUIRY_TOTAL_CAP + 500 - 1 - back}`),
      );
    });

    it('starts a deep page in its counted run, and finds the page a walk finds after changes', async () => {
      // Deep enough for the status's runs too: 12,000 closed, 4,000 new.
      const rows = probed(16_000, (index) => ({ status: index % 4 === 0 ? 'new' : 'closed' }));
      await insertAll(rows);
      // Deleted and changed rows move the runs' counts (kept by the triggers).
      await database.db
        .deleteFrom('contactInquiries')
        .where('seq', 'in', sql<number>`(select seq from contact_inquiries where seq % 7 = 0)`)
        .execute();
      await database.db
        .updateTable('contactInquiries')
        .set({ status: 'resolved' })
        .where(sql<boolean>`seq % 11 = 0`)
        .execute();
      const walked = async (status: string | undefined, offset: number) =>
        (
          await database.db
            .selectFrom('contactInquiries')
            .select('id')
            .$if(status !== undefined, (q) => q.where('status', '=', status as string))
            .orderBy('seq', 'desc')
            .limit(20)
            .offset(offset)
            .execute()
        ).map((row) => row.id);
      for (const [status, page] of [
        [undefined, 450],
        [undefined, 610],
        ['new', 120],
        ['closed', 440],
        ['closed', 460],
      ] as const) {
        const listed = await repository.list({ status, page, pageSize: 20 });
        expect(listed.inquiries.map((row) => row._id)).toEqual(await walked(status, (page - 1) * 20));
      }
    });
  }

  it('finds exactly the inquiries a plain case-insensitive substring match finds, newest first', async () => {
    // Short, repetitive values over a small alphabet with LIKE's and FTS5's special characters, so random
    // terms of every length hit, miss, overlap, and exercise both the trigram index and the short-term scan.
    const text = fc
      .array(fc.constantFrom('a', 'B', 'c', 'ab', ' ', '%', '_', '"', '\\', '*', '-', 'ह', '5', '0'), {
        maxLength: 8,
      })
      .map((parts) => parts.join(''));
    const stored: (NewInquiry & { id: string })[] = [];
    for (const values of fc.sample(fc.tuple(text, text, text, text, text), { numRuns: 60, seed: 42 })) {
      const [name, email, city, query, phone] = values.map((value) => `${value}.`);
      const fields = inquiry({ name, email, city, query, phone } as Partial<NewInquiry>);
      stored.push({ ...fields, id: await repository.create(fields) });
    }
    const newestFirst = stored.map((row) => row.id).reverse();

    await fc.assert(
      fc.asyncProperty(
        text.filter((term) => term.trim() === term && term.length > 0),
        async (term) => {
          const lower = term.toLowerCase();
          const expected = newestFirst.filter((id) => {
            const row = stored.find((candidate) => candidate.id === id)!;
            return SEARCHED.some((field) => row[field].toLowerCase().includes(lower));
          });
          const page = await repository.list({ q: term, page: 1, pageSize: 100 });
          expect(page.inquiries.map((row) => row._id)).toEqual(expected);
          expect(page.total).toBe(expected.length);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });

  it('pages through a search and counts its matches beyond the first page', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 45; index += 1) {
      ids.push(
        await repository.create(inquiry({ query: index % 3 === 0 ? `refund ${index}` : `hello ${index}` })),
      );
    }
    const matches = ids.filter((_, index) => index % 3 === 0).reverse();
    const first = await repository.list({ q: 'REFUND', page: 1, pageSize: 10 });
    const second = await repository.list({ q: 'REFUND', page: 2, pageSize: 10 });
    expect(first.inquiries.map((row) => row._id)).toEqual(matches.slice(0, 10));
    expect(second.inquiries.map((row) => row._id)).toEqual(matches.slice(10, 15));
    expect([first.total, second.total]).toEqual([15, 15]);
    // A page past the end is empty and still knows the total.
    expect(await repository.list({ q: 'refund', page: 4, pageSize: 10 })).toMatchObject({
      inquiries: [],
      total: 15,
    });
  });

  it('counts a search with a status filter among a bounded number of matches, as a lower bound', async () => {
    const bounded = inquiryRepository({ db: database.db, dialect }, { searchCountExamined: 50 });
    // 120 inquiries mention a refund, every third one closed: 40 closed ones in all.
    const rows = Array.from({ length: 120 }, (_, index) =>
      storedInquiry(new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(), {
        query: `refund ${index}`,
        status: index % 3 === 0 ? 'closed' : 'new',
      }),
    );
    await database.db.insertInto('contactInquiries').values(rows).execute();

    // The newest 50 matches hold 16 closed ones: at least 16 match, and the count says it stopped early.
    const first = await bounded.list({ q: 'refund', status: 'closed', page: 1, pageSize: 5 });
    expect(first).toMatchObject({ total: 16, totalCapped: true });
    expect(first.inquiries.map((row) => row.query)).toEqual([
      'refund 117',
      'refund 114',
      'refund 111',
      'refund 108',
      'refund 105',
    ]);
    // Deeper pages never claim fewer than they show.
    expect(await bounded.list({ q: 'refund', status: 'closed', page: 4, pageSize: 5 })).toMatchObject({
      total: 20,
      totalCapped: true,
    });
    // The last page ends the list, so its total is exact again.
    expect(await bounded.list({ q: 'refund', status: 'closed', page: 7, pageSize: 6 })).toMatchObject({
      total: 40,
      totalCapped: false,
    });
    // A page past the end claims no more than the bounded count.
    expect(await bounded.list({ q: 'refund', status: 'closed', page: 9, pageSize: 6 })).toMatchObject({
      inquiries: [],
      total: 16,
      totalCapped: true,
    });
    // Below the bound the count is exact: 31 matches, 9 of them closed.
    expect(await bounded.list({ q: 'refund 1', status: 'closed', page: 1, pageSize: 5 })).toMatchObject({
      total: 9,
      totalCapped: false,
    });
  });

  it('exports every match in order, across several batches, without the others', async () => {
    const rows = Array.from({ length: 1_203 }, (_, index) => ({
      id: newId(),
      ...inquiry({ query: index % 2 === 0 ? `even ${index}` : `odd ${index}` }),
      status: index % 4 === 0 ? 'closed' : 'new',
      createdAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      updatedAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 400) {
      await database.db
        .insertInto('contactInquiries')
        .values(rows.slice(start, start + 400))
        .execute();
    }
    const exported: string[] = [];
    for await (const row of repository.listAll({ q: 'even', status: 'closed' })) exported.push(row._id);
    const expected = rows
      .filter((_, index) => index % 4 === 0)
      .map((row) => row.id)
      .reverse();
    expect(exported).toEqual(expected);
    expect(exported).toHaveLength(301);
  });

  it('keeps the stored counts equal to the rows through every kind of change', async () => {
    const a = await repository.create(inquiry());
    const b = await repository.create(inquiry());
    await repository.create(inquiry());
    await repository.setStatus(a, 'in-progress', null);
    await repository.setRead(a, true);
    await repository.setStatus(b, 'closed', null);
    await repository.setRead(b, true);
    await repository.setRead(b, false);
    await repository.delete(a);
    // Direct SQL, as an import would do it, is counted too.
    await database.db
      .updateTable('contactInquiries')
      .set({ status: 'resolved' })
      .where('id', '=', b)
      .execute();

    const fromRows = await statsFromRows();
    expect(await repository.stats()).toEqual(fromRows);
    expect(fromRows).toEqual({ total: 2, new: 1, inProgress: 0, resolved: 1, closed: 0, unread: 2 });
  });

  it('keeps the stored counts through statements that change many inquiries at once', async () => {
    const at = (index: number) => new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
    const statuses = ['new', 'in-progress', 'resolved', 'closed'] as const;
    await database.db
      .insertInto('contactInquiries')
      .values(
        Array.from({ length: 40 }, (_, index) =>
          storedInquiry(at(index), { status: statuses[index % 4], isRead: index % 3 === 0 }),
        ),
      )
      .execute();
    expect(await repository.stats()).toEqual(await statsFromRows());
    await database.db
      .updateTable('contactInquiries')
      .set({ status: 'closed' })
      .where('status', '=', 'new')
      .execute();
    await database.db
      .updateTable('contactInquiries')
      .set({ isRead: 1 })
      .where('status', '=', 'resolved')
      .execute();
    await database.db.deleteFrom('contactInquiries').where('status', '=', 'in-progress').execute();
    const fromRows = await statsFromRows();
    expect(await repository.stats()).toEqual(fromRows);
    expect(fromRows).toMatchObject({ total: 30, new: 0, inProgress: 0, resolved: 10, closed: 20 });
  });

  it('counts the days of the viewer, not of the server', async () => {
    const at = (iso: string) => ({
      id: newId(),
      ...inquiry(),
      status: 'new',
      createdAt: iso,
      updatedAt: iso,
    });
    await database.db
      .insertInto('contactInquiries')
      .values([
        // 20 November 19:00 UTC is already 21 November in India (UTC+5:30).
        at('2026-11-20T19:00:00.000Z'),
        { ...at('2026-11-20T10:00:00.000Z'), status: 'resolved' },
        // 31 days before: outside the chart.
        at('2026-10-21T10:00:00.000Z'),
      ])
      .execute();
    const now = Date.parse('2026-11-21T06:00:00.000Z');
    const india = await repository.perDay(30, 330, now);
    expect(india).toHaveLength(30);
    expect(india[0]?.date).toBe('2026-10-23');
    expect(india.at(-1)).toEqual({ date: '2026-11-21', new: 1, inProgress: 0, resolved: 0, closed: 0 });
    expect(india.at(-2)).toEqual({ date: '2026-11-20', new: 0, inProgress: 0, resolved: 1, closed: 0 });
    const utc = await repository.perDay(30, 0, now);
    expect(utc.at(-2)).toEqual({ date: '2026-11-20', new: 1, inProgress: 0, resolved: 1, closed: 0 });
    expect(utc.reduce((sum, day) => sum + day.new + day.resolved, 0)).toBe(2);
  });
});

describe.each(TEST_DIALECTS)('inquiry inbox migration (%s)', (dialect) => {
  it('numbers existing inquiries in the order they arrived, counts them and indexes them for search', async () => {
    await withDatabaseMigratedTo(dialect, '0002_site_settings_and_contact_inquiries', async (database) => {
      const old = (iso: string, name: string, isRead = 0) => ({
        id: newId(),
        ...inquiry({ name }),
        isRead,
        createdAt: iso,
        updatedAt: iso,
      });
      // Inserted out of order: the numbering follows the time they were sent.
      await database.db
        .insertInto('contactInquiries')
        .values([old('2026-03-01T00:00:00.000Z', 'Second', 1), old('2026-02-01T00:00:00.000Z', 'First')])
        .execute();

      await migrateTestDatabase(database);
      const repository = inquiryRepository({ db: database.db, dialect });
      const page = await repository.list({ page: 1, pageSize: 10 });
      expect(page.inquiries.map((row) => row.name)).toEqual(['Second', 'First']);
      expect((await repository.list({ q: 'secon', page: 1, pageSize: 10 })).inquiries).toHaveLength(1);
      expect(await repository.stats()).toMatchObject({ total: 2, new: 2, unread: 1 });
      // New inquiries come after the migrated ones.
      await repository.create(inquiry({ name: 'Third' }));
      expect((await repository.list({ page: 1, pageSize: 1 })).inquiries[0]?.name).toBe('Third');
    });
  });
});
