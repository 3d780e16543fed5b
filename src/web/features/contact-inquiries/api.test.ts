import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import { stubFetch } from '../../lib/fetch-stub.ts';
import { inquiryKeys } from '../../lib/query-keys.ts';
import {
  fetchInquiries,
  fetchInquiryStats,
  INQUIRY_STATS_POLL_IDLE_MS,
  INQUIRY_STATS_REFRESH_MS,
  inquiryExportHref,
  markInquiryRead,
  statsRefetchInterval,
  updateInquiryStatus,
} from './api.ts';

function inquiry(overrides: Partial<Inquiry> = {}): Inquiry {
  return {
    _id: '0b6f2c1e-8d7a-4c1b-9f3e-2a5d6c7b8e9f',
    name: 'Asha Rao',
    phone: '+919876543210',
    phoneDisplay: '+91 98765 43210',
    email: 'asha@example.com',
    city: 'Pune',
    query: 'Hello',
    service: 'other',
    status: 'new',
    isRead: false,
    language: 'en',
    assignee: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the inquiry API client', () => {
  it('asks for a page with only the filters that are set', async () => {
    const fetchMock = stubFetch({
      inquiries: [inquiry()],
      total: 1,
      totalCapped: false,
      overdue: [],
      page: 2,
      pageSize: 20,
    });
    const list = await fetchInquiries({ q: '50%', page: 2, pageSize: 20 });
    expect(list.inquiries).toHaveLength(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/contact-inquiries?q=50%25&page=2');
    stubFetch({ inquiries: [], total: 0, totalCapped: false, overdue: [], page: 1, pageSize: 20 });
    await fetchInquiries({ page: 1, pageSize: 20 });
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/contact-inquiries');
  });

  it('points the CSV export at the same search and status', () => {
    expect(inquiryExportHref({ q: 'pune', status: 'resolved' })).toBe(
      '/api/contact-inquiries/export.csv?q=pune&status=resolved',
    );
    expect(inquiryExportHref({ assigned: 'none' })).toBe('/api/contact-inquiries/export.csv?assigned=none');
    expect(inquiryExportHref({})).toBe('/api/contact-inquiries/export.csv');
  });

  it('sends the status as JSON and a read mark without a body', async () => {
    const fetchMock = stubFetch({ success: true, message: 'ok', inquiry: inquiry({ status: 'resolved' }) });
    expect((await updateInquiryStatus('abc', 'resolved')).status).toBe('resolved');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/contact-inquiries/abc/status',
      expect.objectContaining({ method: 'PATCH', body: '{"status":"resolved"}' }),
    );
    stubFetch({ success: true, message: 'ok', inquiry: inquiry({ isRead: true }) });
    await markInquiryRead('abc');
    const [path, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(path).toBe('/api/contact-inquiries/abc/read');
    expect(init).toMatchObject({ method: 'PATCH', body: undefined });
  });

  it('only logs a failure to load the counts', async () => {
    stubFetch({ success: false, message: 'Internal Server Error' }, 500);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(fetchInquiryStats()).rejects.toMatchObject({ status: 500 });
    expect(warn).toHaveBeenCalledWith('Failed to load inquiry stats', expect.anything());
  });
});

describe('inquiryKeys', () => {
  it('puts the lists, the counts, one inquiry and the dashboard under one key, refetched together', async () => {
    const client = new QueryClient();
    const keys = [
      inquiryKeys.list({ page: 1, pageSize: 20 }),
      inquiryKeys.stats(),
      inquiryKeys.detail('abc'),
      inquiryKeys.dashboard(330),
    ];
    for (const key of keys) client.setQueryData(key, {});
    await client.invalidateQueries({ queryKey: inquiryKeys.all });
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });

  it('polls the counts every minute while the page is in use, and not once it is left alone', () => {
    expect(statsRefetchInterval(0)).toBe(INQUIRY_STATS_REFRESH_MS);
    expect(statsRefetchInterval(INQUIRY_STATS_POLL_IDLE_MS - 1)).toBe(INQUIRY_STATS_REFRESH_MS);
    expect(statsRefetchInterval(INQUIRY_STATS_POLL_IDLE_MS)).toBe(false);
  });
});
