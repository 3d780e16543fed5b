import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InquiryListResponse, InquiryStats } from '../../../shared/contracts/contact-inquiries.ts';
import { DEFAULT_SITE_SETTINGS } from '../../../shared/rules/default-site-settings.ts';
import { newId } from '../../db/values.ts';
import { searchDigits } from '../../lib/phone-numbers.ts';
import { debianTool } from '../../test-support/deploy-examples.ts';
import { inquiryRepository } from '../../test-support/inquiry-repository.ts';
import {
  asAdmin,
  expectAuthenticationRequired,
  expectBadRequest,
  expectNotFound,
  type InquiryRow,
  type InquiryRowOverrides,
  STORED_INQUIRY_AS_SHOWN,
  signedInAppForEachTest,
  storedInquiry,
  TEST_DIALECTS,
  TEST_INQUIRY,
  TEST_ORIGIN,
} from '../../test-support/test-app.ts';

const NOT_FOUND = 'Inquiry not found';
const BASE = '/api/contact-inquiries';
const FIRST_CREATED_AT = Date.UTC(2025, 0, 6, 9, 0, 0);
const STATUS_MESSAGE = 'Choose a status: new, in-progress, resolved or closed';
const CSV_HEADER = [
  'Submitted (Asia/Kolkata)',
  'Name',
  'Phone',
  'Email',
  'City',
  'Service',
  'Status',
  'Read',
  'Assigned to',
  'Query',
  'Updated (Asia/Kolkata)',
];
const INSERT_BATCH = 1000;
const execFileAsync = promisify(execFile);
/** LibreOffice, to open the export as a person would; in CI its absence fails the test (.ci/run installs it). */
const soffice = debianTool('soffice', 'libreoffice-calc-nogui');

/** Every route that takes an inquiry id; `status` is the body of the status change. */
function idRoutes(id: string, status: string): [InjectOptions['method'], string, Record<string, unknown>?][] {
  return [
    ['GET', `${BASE}/${id}`],
    ['PATCH', `${BASE}/${id}/status`, { status }],
    ['PATCH', `${BASE}/${id}/read`],
    ['PATCH', `${BASE}/${id}/unread`],
    ['DELETE', `${BASE}/${id}`],
  ];
}

function parseCsv(text: string): string[][] {
  return parse(text, { relaxColumnCount: false });
}

describe.each(TEST_DIALECTS)('inquiry inbox API (%s)', (dialect) => {
  const t = signedInAppForEachTest(dialect);
  let minute: number;
  beforeEach(async () => {
    minute = 0;
  });

  /** A stored inquiry, one minute newer than the previous one made by this test. */
  const inquiryRow = (overrides: InquiryRowOverrides = {}): InquiryRow =>
    storedInquiry(new Date(FIRST_CREATED_AT + minute++ * 60_000).toISOString(), overrides);

  /** Stores rows in the order given, so the last is the newest; returns their ids in that order. */
  const insertRows = async (rows: InquiryRow[]): Promise<string[]> => {
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await t.database.db
        .insertInto('contactInquiries')
        .values(rows.slice(i, i + INSERT_BATCH))
        .execute();
    }
    return rows.map((row) => row.id);
  };
  const addInquiries = (...overrides: InquiryRowOverrides[]) =>
    insertRows(overrides.map((entry) => inquiryRow(entry)));
  const addInquiry = async (overrides: InquiryRowOverrides = {}) => (await addInquiries(overrides))[0]!;

  const api = (method: InjectOptions['method'], url: string, payload?: Record<string, unknown>) =>
    t.app.inject(asAdmin(t.cookie, { method, url, ...(payload === undefined ? {} : { payload }) }));

  const list = async (query = ''): Promise<InquiryListResponse> => {
    const response = await api('GET', `${BASE}?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  /** The ids a search finds (first page of 100), newest first. */
  const search = async (q: string, extra = ''): Promise<string[]> =>
    (await list(`q=${encodeURIComponent(q)}&pageSize=100${extra}`)).inquiries.map((inquiry) => inquiry._id);
  const stats = async (): Promise<InquiryStats> => {
    const response = await api('GET', `${BASE}/stats`);
    expect(response.statusCode).toBe(200);
    return response.json().stats;
  };
  const exportCsv = async (query = '') => {
    const response = await api('GET', `${BASE}/export.csv?${query}`);
    expect(response.statusCode).toBe(200);
    const rows = parseCsv(response.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(CSV_HEADER);
    return { response, rows: rows.slice(1) };
  };

  describe('authentication', () => {
    const endpoints = (id: string): [InjectOptions['method'], string, Record<string, unknown>?][] => [
      ['GET', BASE],
      ['GET', `${BASE}?status=bogus&page=0&pageSize=500`],
      ['GET', `${BASE}/stats`],
      ['GET', `${BASE}/export.csv`],
      ['GET', `${BASE}/export.csv?status=bogus`],
      ['GET', `${BASE}/${id}`],
      ['GET', `${BASE}/abc`],
      ['PATCH', `${BASE}/${id}/status`, { status: 'resolved' }],
      ['PATCH', `${BASE}/${id}/status`, { status: 'bogus' }],
      ['PATCH', `${BASE}/1/status`, { status: 5 }],
      ['PATCH', `${BASE}/${id}/read`],
      ['PATCH', `${BASE}/abc/read`],
      ['PATCH', `${BASE}/${id}/unread`],
      ['PATCH', `${BASE}/..%2Fx/unread`],
      ['DELETE', `${BASE}/${id}`],
      ['DELETE', `${BASE}/abc`],
    ];

    it('answers 401 to every inbox call without a session, whatever it carries, and changes nothing', async () => {
      const id = await addInquiry({ name: 'Zoya Khan' });
      for (const [method, url, payload] of endpoints(id)) {
        const response = await t.app.inject(
          asAdmin(undefined, { method, url, ...(payload === undefined ? {} : { payload }) }),
        );
        expect(`${method} ${url} -> ${response.statusCode}`).toBe(`${method} ${url} -> 401`);
        expectAuthenticationRequired(response);
      }
      const stored = await inquiryRepository(t.database).findById(id);
      expect(stored).toMatchObject({ name: 'Zoya Khan', status: 'new', isRead: false });
    });

    it('answers 401 to an over-long id without a session, on every :id route', async () => {
      const id = 'a'.repeat(300);
      for (const [method, url, payload] of idRoutes(id, 'bogus')) {
        const response = await t.app.inject(
          asAdmin(undefined, { method, url, ...(payload === undefined ? {} : { payload }) }),
        );
        expect(`${method} ${url.slice(0, 60)} -> ${response.statusCode}`).toBe(
          `${method} ${url.slice(0, 60)} -> 401`,
        );
        expectAuthenticationRequired(response);
      }
    });

    it('answers 401 to a forged session cookie', async () => {
      const id = await addInquiry();
      const forged = `${t.cookie.split('=')[0]}=${'A'.repeat(43)}`;
      for (const [method, url, payload] of endpoints(id)) {
        const response = await t.app.inject(
          asAdmin(forged, { method, url, ...(payload === undefined ? {} : { payload }) }),
        );
        expect(`${method} ${url} -> ${response.statusCode}`).toBe(`${method} ${url} -> 401`);
        expectAuthenticationRequired(response);
      }
      expect(await stats()).toMatchObject({ total: 1, new: 1, unread: 1 });
    });
  });

  describe('validation', () => {
    /** A search of 201 characters, one over the limit. */
    const LONG_SEARCH = `q=${'x'.repeat(201)}`;
    const labelled = ([query, field]: string[]) =>
      [query === LONG_SEARCH ? 'q=(201 characters)' : query, query, field] as [string, string, string];
    const MALFORMED_IDS = [
      ['abc', 'abc'],
      ['1', '1'],
      ['of 300 characters', 'a'.repeat(300)],
      ['../x', '..%2Fx'],
    ];

    it.each(MALFORMED_IDS)('refuses the malformed id %s on every :id route with 400', async (_, id) => {
      for (const [method, url, payload] of idRoutes(id, 'resolved')) {
        const response = await api(method, url, payload);
        expect(`${method} ${url.slice(0, 60)} -> ${response.statusCode}`).toBe(
          `${method} ${url.slice(0, 60)} -> 400`,
        );
        expectBadRequest(response, 'id', 'Invalid inquiry id');
      }
    });

    it.each([
      ['bogus', { status: 'bogus' }],
      ['missing', {}],
      ['a number', { status: 5 }],
      ['null', { status: null }],
    ])('refuses a status that is %s with 400', async (_, payload) => {
      const id = await addInquiry();
      expectBadRequest(await api('PATCH', `${BASE}/${id}/status`, payload), 'status', STATUS_MESSAGE);
      expect((await api('GET', `${BASE}/${id}`)).json().inquiry.status).toBe('new');
    });

    it('refuses a status change without a body with 400', async () => {
      const id = await addInquiry();
      const response = await api('PATCH', `${BASE}/${id}/status`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    });

    it.each(
      [
        ['status=bogus', 'status'],
        ['page=0', 'page'],
        ['page=-1', 'page'],
        ['page=abc', 'page'],
        ['page=1.5', 'page'],
        ['pageSize=0', 'pageSize'],
        ['pageSize=101', 'pageSize'],
        ['pageSize=abc', 'pageSize'],
        [LONG_SEARCH, 'q'],
        ['q=a&q=b', 'q'],
        ['status=new&status=closed', 'status'],
      ].map(labelled),
    )('refuses the list query %s with 400', async (_, query, field) => {
      expectBadRequest(await api('GET', `${BASE}?${query}`), field);
    });

    it.each(
      [
        ['status=bogus', 'status'],
        [LONG_SEARCH, 'q'],
      ].map(labelled),
    )('refuses the export query %s with 400', async (_, query, field) => {
      expectBadRequest(await api('GET', `${BASE}/export.csv?${query}`), field);
    });

    it('accepts a search of exactly 200 characters and 100 per page', async () => {
      await addInquiry({ query: 'y'.repeat(250) });
      const body = await list(`q=${'y'.repeat(200)}&pageSize=100`);
      expect(body).toMatchObject({ total: 1, page: 1, pageSize: 100 });
    });

    it('takes empty q, status, page and pageSize as no filter', async () => {
      const ids = await addInquiries({ status: 'resolved' }, {}, { status: 'closed' });
      const body = await list('q=&status=&page=&pageSize=');
      expect(body).toMatchObject({ total: 3, totalCapped: false, page: 1, pageSize: 20 });
      expect(body.inquiries.map((inquiry) => inquiry._id)).toEqual([...ids].reverse());
    });

    it.each([
      ['v7', newId],
      ['v4', randomUUID],
    ])('answers 404 "Inquiry not found" for an unknown %s uuid on every :id route', async (_, makeId) => {
      await addInquiry();
      const id = makeId();
      expectNotFound(await api('GET', `${BASE}/${id}`), NOT_FOUND);
      expectNotFound(await api('PATCH', `${BASE}/${id}/status`, { status: 'closed' }), NOT_FOUND);
      expectNotFound(await api('PATCH', `${BASE}/${id}/read`), NOT_FOUND);
      expectNotFound(await api('PATCH', `${BASE}/${id}/unread`), NOT_FOUND);
      expectNotFound(await api('DELETE', `${BASE}/${id}`), NOT_FOUND);
      expect(await stats()).toMatchObject({ total: 1, new: 1, closed: 0, unread: 1 });
    });
  });

  describe('list and search', () => {
    it('lists newest first, one page at a time, with the exact total', async () => {
      const ids = await addInquiries(...Array.from({ length: 25 }, (_, i) => ({ name: `Customer ${i}` })));
      const newestFirst = [...ids].reverse();

      // Admin answers are personal: no cache may keep them.
      expect((await api('GET', BASE)).headers['cache-control']).toBe('no-store');
      const first = await list('pageSize=10');
      expect(first).toMatchObject({ total: 25, totalCapped: false, page: 1, pageSize: 10 });
      expect(first.inquiries.map((inquiry) => inquiry._id)).toEqual(newestFirst.slice(0, 10));
      expect(first.inquiries[0]).toEqual({
        _id: ids[24],
        name: 'Customer 24',
        ...STORED_INQUIRY_AS_SHOWN,
        status: 'new',
        isRead: false,
        createdAt: new Date(FIRST_CREATED_AT + 24 * 60_000).toISOString(),
        updatedAt: new Date(FIRST_CREATED_AT + 24 * 60_000).toISOString(),
      });

      const second = await list('page=2&pageSize=10');
      expect(second.inquiries.map((inquiry) => inquiry._id)).toEqual(newestFirst.slice(10, 20));
      const third = await list('page=3&pageSize=10');
      expect(third).toMatchObject({ total: 25, totalCapped: false, page: 3 });
      expect(third.inquiries.map((inquiry) => inquiry._id)).toEqual(newestFirst.slice(20));
      const beyond = await list('page=4&pageSize=10');
      expect(beyond).toMatchObject({ inquiries: [], total: 25, totalCapped: false });

      const byDefault = await list();
      expect(byDefault).toMatchObject({ total: 25, page: 1, pageSize: 20 });
      expect(byDefault.inquiries).toHaveLength(20);
    });

    it('filters by status, newest first, with the exact total', async () => {
      const ids = await addInquiries(
        { status: 'resolved' },
        { status: 'new' },
        { status: 'resolved' },
        { status: 'in-progress' },
        { status: 'resolved' },
      );
      const resolved = await list('status=resolved&pageSize=2');
      expect(resolved).toMatchObject({ total: 3, totalCapped: false });
      expect(resolved.inquiries.map((inquiry) => inquiry._id)).toEqual([ids[4], ids[2]]);
      expect((await list('status=resolved&page=2&pageSize=2')).inquiries.map((i) => i._id)).toEqual([ids[0]]);
      expect(await list('status=in-progress')).toMatchObject({ total: 1, inquiries: [{ _id: ids[3] }] });
      expect(await list('status=closed')).toMatchObject({ total: 0, inquiries: [] });
    });

    it.each([
      ['name', 'Kavitha Raghunathan', 'RAGHUNATH', 'gH'],
      ['email', 'kavitha.r@mailbox.in', 'MailBox.In', 'R@'],
      ['city', 'Thiruvananthapuram', 'ANANTHAP', 'IR'],
      ['query', 'Need a quote for GST filing', 'gst FILING', 'Gs'],
      ['phone', '+91 80123 45678', '80123', '80'],
    ])('finds an inquiry by its %s, ignoring case', async (field, value, longTerm, shortTerm) => {
      const [, target] = await addInquiries({}, { [field]: value }, {});
      for (const term of [longTerm, shortTerm, value]) {
        expect(await search(term)).toEqual([target]);
        expect((await list(`q=${encodeURIComponent(term)}`)).total).toBe(1);
      }
    });

    it('finds an inquiry by its number typed any way', async () => {
      const [, target] = await addInquiries(
        { phone: '+919876522222' },
        { phone: '+919876511111' },
        { phone: '+447400123456' },
      );
      for (const term of [
        '9876511111',
        '09876511111',
        '98765 11111',
        '+91 98765 11111',
        '+919876511111',
        '098765-11111',
        '(98765) 111',
      ]) {
        expect(await search(term)).toEqual([target]);
        expect(await search(term, '&status=new')).toEqual([target]);
        expect((await list(`q=${encodeURIComponent(term)}`)).total).toBe(1);
        expect((await exportCsv(`q=${encodeURIComponent(term)}`)).rows.map((row) => row[2])).toEqual([
          '+91 98765 11111',
        ]);
      }
      expect(await search('98765 3')).toEqual([]);
    });

    it('finds an inquiry sent through the form by the number as the visitor typed it', async () => {
      const sent = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: { origin: TEST_ORIGIN },
        payload: { ...TEST_INQUIRY, phone: '9876543210', countryCode: '+91' },
      });
      expect(sent.statusCode).toBe(201);
      const id = sent.json().data._id;
      const found = await list('q=9876543210');
      expect(found).toMatchObject({ total: 1, inquiries: [{ _id: id, phone: '+919876543210' }] });
      expect(found.inquiries[0]?.phoneDisplay).toBe('+91 98765 43210');
      const detail = await api('GET', `${BASE}/${id}`);
      expect(detail.json().inquiry).toMatchObject({
        phone: '+919876543210',
        phoneDisplay: '+91 98765 43210',
      });
    });

    it('searches with terms of 1, 2 and 3 or more characters', async () => {
      const [zoya, , wasim] = await addInquiries(
        { name: 'Zoya Khan', city: 'Kolkata' },
        {},
        { name: 'Wasim Akhtar' },
      );
      expect(await search('z')).toEqual([zoya]);
      expect(await search('Z')).toEqual([zoya]);
      expect(await search('KH')).toEqual([wasim, zoya]);
      expect(await search('aKHt')).toEqual([wasim]);
      expect(await search('ya k')).toEqual([zoya]);
      expect(await search('kol')).toEqual([zoya]);
      expect(await search('  Zoya  ')).toEqual([zoya]);
      expect((await list('q=%20%20%20')).total).toBe(3);
      expect(await search('q')).toEqual([]);
      expect(await search('qx')).toEqual([]);
      expect(await search('qxj')).toEqual([]);
      expect(await list('q=qxj')).toMatchObject({ inquiries: [], total: 0, totalCapped: false });
    });

    it('ignores case in letters beyond ASCII for short terms as for long ones', async () => {
      const [muller] = await addInquiries({ name: 'Jürgen MÜLLER' }, {});
      expect(await search('müll')).toEqual([muller]);
      expect(await search('mü')).toEqual([muller]);
      expect(await search('ü')).toEqual([muller]);
    });

    it('takes % literally: "50%" finds only the inquiry that says 50%', async () => {
      const [percent, , , hyphen] = await addInquiries(
        { query: 'Is the 50% discount still on?' },
        { query: 'Is the 50 percent discount still on?' },
        { query: 'We need 5000 units' },
        { query: 'Is it 50-60 off?' },
      );
      expect(await search('50%')).toEqual([percent]);
      expect(await search('0%')).toEqual([percent]);
      expect(await search('%')).toEqual([percent]);
      expect(await search('50')).toHaveLength(4);
      expect(await search('50-')).toEqual([hyphen]);
    });

    it('takes _ literally', async () => {
      const [snake] = await addInquiries(
        { name: 'snake_case' },
        { name: 'snakeXcase' },
        { name: 'snake case' },
      );
      for (const term of ['_', 'e_', 'e_c', 'ke_case']) expect(await search(term)).toEqual([snake]);
    });

    it('takes \\ literally', async () => {
      const [backslash] = await addInquiries(
        { query: 'Saved in C:\\temp\\new' },
        { query: 'Saved in C:temp' },
      );
      for (const term of ['\\', ':\\', 'C:\\t', '\\temp\\']) expect(await search(term)).toEqual([backslash]);
      expect(await search('\\%')).toEqual([]);
      expect(await search('\\_')).toEqual([]);
    });

    it('takes " literally', async () => {
      const [quoted, plain] = await addInquiries(
        { query: 'He said "call me" twice' },
        { query: 'He said call me twice' },
      );
      for (const term of ['"', '"c', '"call me"', 'd "c']) expect(await search(term)).toEqual([quoted]);
      expect(await search('call me')).toEqual([plain, quoted]);
      expect(await search('""')).toEqual([]);
    });

    it('combines a search with a status filter', async () => {
      const [, resolvedZoya, resolvedPatel] = await addInquiries(
        { name: 'Zoya Khan', status: 'new' },
        { name: 'Zoya Khan', status: 'resolved' },
        { name: 'Zoya Patel', status: 'resolved' },
        { status: 'resolved' },
      );
      for (const term of ['zoya', 'zo', 'z']) {
        expect(await search(term, '&status=resolved')).toEqual([resolvedPatel, resolvedZoya]);
        expect((await list(`q=${term}&status=resolved`)).total).toBe(2);
      }
      expect(await search('patel', '&status=new')).toEqual([]);
    });

    it.each(['zoya', 'zo'])(
      'pages through the results of the search %s with the exact total',
      async (term) => {
        const ids = await insertRows(
          Array.from({ length: 30 }, (_, i) => inquiryRow(i % 6 === 5 ? {} : { name: `Zoya ${i}` })),
        );
        const matching = ids.filter((_, i) => i % 6 !== 5).reverse();
        const pages = [];
        for (const page of [1, 2, 3]) {
          const body = await list(`q=${term}&page=${page}&pageSize=10`);
          expect(body).toMatchObject({ total: 25, totalCapped: false, page, pageSize: 10 });
          pages.push(...body.inquiries.map((inquiry) => inquiry._id));
        }
        expect(pages).toEqual(matching);
        expect(await list(`q=${term}&page=4&pageSize=10`)).toMatchObject({ inquiries: [], total: 25 });
        expect(await list(`q=${term}&page=9&pageSize=10`)).toMatchObject({ inquiries: [], total: 25 });
      },
    );

    it('finds exactly the inquiries that contain the term in one of the searched fields', async () => {
      const alphabet = fc.constantFrom(
        'a',
        'B',
        'c',
        'A',
        'b',
        '%',
        '_',
        '\\',
        '"',
        ' ',
        '-',
        '@',
        '.',
        '5',
        '0',
      );
      const text = (maxLength: number) => fc.string({ unit: alphabet, minLength: 1, maxLength });
      const records = fc.sample(
        fc.record({ name: text(8), email: text(8), city: text(6), query: text(12), phone: text(6) }),
        { numRuns: 40, seed: 20_250_106 },
      );
      const ids = await addInquiries(...records);
      const stored = records.map((record, i) => ({ ...record, id: ids[i]! })).reverse();
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: alphabet, minLength: 1, maxLength: 4 }), async (term) => {
          // A term that looks like a number also finds its digits (a number typed any way).
          const needle = term.trim().toLowerCase();
          const digits = searchDigits(term.trim());
          const needles = digits && digits.length >= 3 ? [needle, digits] : [needle];
          const expected = stored
            .filter((inquiry) =>
              [inquiry.name, inquiry.email, inquiry.city, inquiry.query, inquiry.phone].some((field) =>
                needles.some((form) => field.toLowerCase().includes(form)),
              ),
            )
            .map((inquiry) => inquiry.id);
          const body = await list(`q=${encodeURIComponent(term)}&pageSize=100`);
          expect(body.inquiries.map((inquiry) => inquiry._id)).toEqual(expected);
          expect(body.total).toBe(expected.length);
          const { rows } = await exportCsv(`q=${encodeURIComponent(term)}`);
          expect(rows).toHaveLength(expected.length);
        }),
        { numRuns: 60, seed: 42 },
      );
    });

    it('counts search matches up to 10,000, and the unsearched list exactly', async () => {
      const CAP = 10_000;
      const rows = Array.from({ length: CAP + 50 }, (_, i) =>
        inquiryRow({ name: `Customer ${i}`, query: i < CAP ? 'order bulk' : 'bulk only' }),
      );
      await insertRows(rows);
      const newest = rows.at(-1)!.id;

      const all = await list();
      expect(all).toMatchObject({ total: CAP + 50, totalCapped: false });
      expect(all.inquiries[0]?._id).toBe(newest);
      expect(await list('status=new')).toMatchObject({ total: CAP + 50, totalCapped: false });

      for (const term of ['bulk', 'bu']) {
        const found = await list(`q=${term}`);
        expect(found).toMatchObject({ total: CAP, totalCapped: true, page: 1, pageSize: 20 });
        expect(found.inquiries).toHaveLength(20);
        expect(found.inquiries[0]?._id).toBe(newest);
      }
      expect(await list('q=bulk&status=new')).toMatchObject({ total: CAP, totalCapped: true });
      // Exactly at the cap: still exact.
      expect(await list('q=order')).toMatchObject({ total: CAP, totalCapped: false });
      expect(await list('q=only')).toMatchObject({ total: 50, totalCapped: false });
    }, 60_000);
  });

  describe('stats', () => {
    it('follow status changes, read marks and deletes', async () => {
      expect(await stats()).toEqual({ total: 0, new: 0, inProgress: 0, resolved: 0, closed: 0, unread: 0 });
      const [a, b, c, d] = await addInquiries({}, {}, {}, {});
      expect(await stats()).toEqual({ total: 4, new: 4, inProgress: 0, resolved: 0, closed: 0, unread: 4 });

      expect((await api('PATCH', `${BASE}/${a}/status`, { status: 'in-progress' })).statusCode).toBe(200);
      expect(await stats()).toEqual({ total: 4, new: 3, inProgress: 1, resolved: 0, closed: 0, unread: 4 });
      await api('PATCH', `${BASE}/${b}/status`, { status: 'resolved' });
      await api('PATCH', `${BASE}/${c}/status`, { status: 'closed' });
      await api('PATCH', `${BASE}/${c}/status`, { status: 'closed' });
      expect(await stats()).toEqual({ total: 4, new: 1, inProgress: 1, resolved: 1, closed: 1, unread: 4 });

      await api('PATCH', `${BASE}/${a}/read`);
      await api('PATCH', `${BASE}/${b}/read`);
      await api('PATCH', `${BASE}/${b}/read`);
      expect(await stats()).toEqual({ total: 4, new: 1, inProgress: 1, resolved: 1, closed: 1, unread: 2 });
      await api('PATCH', `${BASE}/${a}/unread`);
      await api('PATCH', `${BASE}/${d}/unread`);
      expect(await stats()).toEqual({ total: 4, new: 1, inProgress: 1, resolved: 1, closed: 1, unread: 3 });

      // A read, resolved one, then an unread, in-progress one.
      expect((await api('DELETE', `${BASE}/${b}`)).statusCode).toBe(200);
      expect(await stats()).toEqual({ total: 3, new: 1, inProgress: 1, resolved: 0, closed: 1, unread: 3 });
      await api('DELETE', `${BASE}/${a}`);
      expect(await stats()).toEqual({ total: 2, new: 1, inProgress: 0, resolved: 0, closed: 1, unread: 2 });

      // Inquiries sent through the public form count too.
      const posted = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: { origin: TEST_ORIGIN },
        payload: {
          name: 'Ravi Kumar',
          phone: '+91 99887 76655',
          email: 'ravi@example.com',
          city: 'Delhi',
          query: 'Please call me',
          service: 'other',
        },
      });
      expect(posted.statusCode).toBe(201);
      expect(await stats()).toEqual({ total: 3, new: 2, inProgress: 0, resolved: 0, closed: 1, unread: 3 });
      expect((await list()).total).toBe(3);
    });
  });

  describe('changing an inquiry', () => {
    it('updates the status, moving the update time, and later reads show it', async () => {
      const created = '2025-01-06T09:00:00.000Z';
      const id = await addInquiry({ name: 'Zoya Khan', createdAt: created, updatedAt: created });
      const response = await api('PATCH', `${BASE}/${id}/status`, { status: 'resolved' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        success: true,
        message: 'Status updated successfully',
        inquiry: {
          _id: id,
          name: 'Zoya Khan',
          ...STORED_INQUIRY_AS_SHOWN,
          status: 'resolved',
          isRead: false,
          createdAt: created,
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      });
      expect(body.inquiry.updatedAt >= created).toBe(true);
      expect(body.inquiry.updatedAt).not.toBe(created);

      const read = await api('GET', `${BASE}/${id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ inquiry: body.inquiry });
      expect((await list('status=resolved')).inquiries).toEqual([body.inquiry]);
      expect((await list('status=new')).inquiries).toEqual([]);

      for (const status of ['in-progress', 'closed', 'new'] as const) {
        const next = await api('PATCH', `${BASE}/${id}/status`, { status });
        expect(next.json().inquiry.status).toBe(status);
        expect((await api('GET', `${BASE}/${id}`)).json().inquiry.status).toBe(status);
      }
    });

    it('marks read and unread without changing the update time', async () => {
      const created = '2025-01-06T09:00:00.000Z';
      const id = await addInquiry({ createdAt: created, updatedAt: created });
      const read = await api('PATCH', `${BASE}/${id}/read`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        success: true,
        message: 'Inquiry marked as read',
        inquiry: { _id: id, isRead: true, status: 'new', createdAt: created, updatedAt: created },
      });
      expect((await api('GET', `${BASE}/${id}`)).json().inquiry).toMatchObject({
        isRead: true,
        updatedAt: created,
      });

      const unread = await api('PATCH', `${BASE}/${id}/unread`);
      expect(unread.statusCode).toBe(200);
      expect(unread.json()).toMatchObject({
        success: true,
        message: 'Inquiry marked as unread',
        inquiry: { _id: id, isRead: false, updatedAt: created },
      });
      expect((await api('GET', `${BASE}/${id}`)).json().inquiry).toMatchObject({
        isRead: false,
        updatedAt: created,
      });
    });

    it('deletes an inquiry: gone from reads, searches and stats; a second delete is 404', async () => {
      const [zoya, other] = await addInquiries({ name: 'Zoya Khan' }, { name: 'Ravi Kumar' });
      const response = await api('DELETE', `${BASE}/${zoya}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Inquiry deleted successfully' });

      expectNotFound(await api('GET', `${BASE}/${zoya}`), NOT_FOUND);
      expect(await search('zoya')).toEqual([]);
      expect(await search('zo')).toEqual([]);
      expect(await list()).toMatchObject({ total: 1, inquiries: [{ _id: other }] });
      expect(await stats()).toMatchObject({ total: 1, new: 1, unread: 1 });
      const { rows } = await exportCsv();
      expect(rows.map((row) => row[1])).toEqual(['Ravi Kumar']);

      expectNotFound(await api('DELETE', `${BASE}/${zoya}`), NOT_FOUND);
      expectNotFound(await api('PATCH', `${BASE}/${zoya}/status`, { status: 'closed' }), NOT_FOUND);
      expectNotFound(await api('PATCH', `${BASE}/${zoya}/read`), NOT_FOUND);
    });
  });

  describe('CSV export', () => {
    it('exports the inbox as a UTF-8 CSV attachment, newest first, with formula cells neutralised', async () => {
      await addInquiries(
        {
          name: '=HYPERLINK("http://x")',
          query: '@SUM(1)',
          city: '-Pune',
          email: '+cmd@example.com',
          status: 'in-progress',
          isRead: true,
          service: 'digital-marketing',
        },
        { name: 'Ravi, Kumar', query: 'Line one\nLine "two"', status: 'closed', service: 'other' },
        { name: 'Asha Verma' },
      );
      const { response, rows } = await exportCsv();
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="inquiries-\d{4}-\d\d-\d\d\.csv"$/,
      );
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(response.body.startsWith('\uFEFFSubmitted (Asia/Kolkata),Name,')).toBe(true);
      // A phone number goes out as people read it, quoted, without a ' that a spreadsheet would show.
      expect(response.body).toContain(',"+91 98765 43210",');

      // The business's time zone (the default, Asia/Kolkata: UTC+5:30), as a spreadsheet reads a date.
      const at = (index: number) =>
        new Date(FIRST_CREATED_AT + index * 60_000 + 330 * 60_000)
          .toISOString()
          .slice(0, 19)
          .replace('T', ' ');
      expect(at(0)).toBe('2025-01-06 14:30:00');
      expect(rows).toEqual([
        [
          at(2),
          'Asha Verma',
          '+91 98765 43210',
          'asha@example.com',
          'Pune',
          'Technical Support',
          'New',
          'No',
          '',
          'Hello there',
          at(2),
        ],
        [
          at(1),
          'Ravi, Kumar',
          '+91 98765 43210',
          'asha@example.com',
          'Pune',
          'Other',
          'Closed',
          'No',
          '',
          'Line one\nLine "two"',
          at(1),
        ],
        [
          at(0),
          `'=HYPERLINK("http://x")`,
          '+91 98765 43210',
          "'+cmd@example.com",
          "'-Pune",
          'Digital Marketing',
          'In Progress',
          'Yes',
          '',
          "'@SUM(1)",
          at(0),
        ],
      ]);
    });

    // LibreOffice opens the export as a person would: the phone shows as people read it, without a ', and a
    // formula typed by a visitor stays text. The file is the same on both databases: opened once, on SQLite.
    if (dialect === 'sqlite' && soffice.runChecks)
      it('opens in LibreOffice with the phone as typed and a formula as text', {
        timeout: 180_000,
      }, async () => {
        await addInquiries({ name: '=1+1' });
        const { response } = await exportCsv();
        const folder = await mkdtemp(path.join(tmpdir(), 'sampark-csv-'));
        try {
          const csv = path.join(folder, 'inquiries.csv');
          await writeFile(csv, response.rawPayload);
          // UTF-8 (76), comma-separated (44), double quotes (34), as the import dialog offers for this file.
          await execFileAsync(
            soffice.require(),
            [
              `-env:UserInstallation=file://${folder}/profile`,
              '--headless',
              '--infilter=CSV:44,34,76,1',
              '--convert-to',
              'html',
              '--outdir',
              folder,
              csv,
            ],
            { timeout: 170_000 },
          );
          const html = await readFile(path.join(folder, 'inquiries.html'), 'utf8');
          // The cells as shown, one per table cell.
          const cells = [...html.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((match) =>
            match[1]!.replace(/<[^>]+>/g, '').trim(),
          );
          expect(cells).toContain('+91 98765 43210');
          expect(cells).not.toContain("'+91 98765 43210");
          expect(cells).toContain("'=1+1");
          expect(cells).not.toContain('2');
        } finally {
          await rm(folder, { recursive: true, force: true });
        }
      });

    it("writes the dates in the business's time zone, as the settings name it", async () => {
      await addInquiries({ name: 'Late Evening' });
      const saved = await api('PUT', '/api/admin/settings', {
        ...DEFAULT_SITE_SETTINGS,
        timeZone: 'America/New_York',
      });
      expect(saved.statusCode).toBe(200);
      const response = await api('GET', `${BASE}/export.csv`);
      const [header, row] = parseCsv(response.body.replace(/^\uFEFF/, ''));
      expect(header?.[0]).toBe('Submitted (America/New_York)');
      expect(header?.at(-1)).toBe('Updated (America/New_York)');
      // 09:00 UTC on 6 January is 04:00 in New York (UTC-5 in winter).
      expect(row?.[0]).toBe('2025-01-06 04:00:00');
    });

    it('exports only what the search and status filter match', async () => {
      await addInquiries(
        { name: 'Zoya Khan', status: 'new' },
        { name: 'Zoya Khan', status: 'resolved', city: 'Agra' },
        { name: 'Ravi Kumar', status: 'resolved' },
      );
      const names = async (query: string) => (await exportCsv(query)).rows.map((row) => [row[1], row[6]]);
      expect(await names('q=zoya&status=resolved')).toEqual([['Zoya Khan', 'Resolved']]);
      expect(await names('q=ZO')).toEqual([
        ['Zoya Khan', 'Resolved'],
        ['Zoya Khan', 'New'],
      ]);
      expect(await names('status=resolved')).toEqual([
        ['Ravi Kumar', 'Resolved'],
        ['Zoya Khan', 'Resolved'],
      ]);
      expect(await names('q=&status=')).toHaveLength(3);
      expect(await names('q=nobody')).toEqual([]);
    });

    it('exports more than one batch of 500, every row in order', async () => {
      const COUNT = 1234;
      const rows = Array.from({ length: COUNT }, (_, i) =>
        inquiryRow({
          name: `Customer ${String(i).padStart(4, '0')}`,
          query: i % 2 === 0 ? 'even row' : 'odd row',
          status: i % 3 === 0 ? 'resolved' : 'new',
        }),
      );
      await insertRows(rows);
      const expectNames = async (query: string, keep: (i: number) => boolean) => {
        const expected = rows
          .map((row, i) => ({ name: row.name, i }))
          .filter(({ i }) => keep(i))
          .map(({ name }) => name)
          .reverse();
        const exported = (await exportCsv(query)).rows.map((row) => row[1]);
        expect(exported).toHaveLength(expected.length);
        expect(exported).toEqual(expected);
      };
      await expectNames('', () => true);
      await expectNames('q=even', (i) => i % 2 === 0);
      await expectNames('q=EV', (i) => i % 2 === 0);
      await expectNames('status=resolved', (i) => i % 3 === 0);
      await expectNames('q=even&status=new', (i) => i % 2 === 0 && i % 3 !== 0);
    }, 30_000);
  });

  describe('CSRF', () => {
    it('refuses changes that carry the session cookie but come from another site', async () => {
      const id = await addInquiry();
      const changes: [InjectOptions['method'], string, Record<string, unknown>?][] = [
        ['PATCH', `${BASE}/${id}/status`, { status: 'closed' }],
        ['PATCH', `${BASE}/${id}/read`],
        ['PATCH', `${BASE}/${id}/unread`],
        ['DELETE', `${BASE}/${id}`],
      ];
      for (const headers of [
        { cookie: t.cookie, origin: 'https://evil.example' },
        { cookie: t.cookie, 'sec-fetch-site': 'cross-site' },
        { cookie: t.cookie },
      ]) {
        for (const [method, url, payload] of changes) {
          const response = await t.app.inject({
            method,
            url,
            headers,
            ...(payload === undefined ? {} : { payload }),
          });
          expect(response.statusCode).toBe(403);
          expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
        }
      }
      expect((await api('GET', `${BASE}/${id}`)).json().inquiry).toMatchObject({
        status: 'new',
        isRead: false,
      });
      expect(await stats()).toMatchObject({ total: 1, new: 1, closed: 0, unread: 1 });
    });
  });
});
