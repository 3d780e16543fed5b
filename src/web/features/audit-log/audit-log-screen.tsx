import { useId, useRef } from 'react';
import type { AuditEntry } from '../../../shared/contracts/audit-log.ts';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '../../../shared/rules/audit-log.ts';
import { pageCount } from '../../lib/list-params.ts';
import { useAddressParams } from '../../lib/use-address-params.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { EmptyState, ListContent } from '../../ui/list-content.tsx';
import { PagedResults } from '../../ui/paged-results.tsx';
import { type AuditLogFilter, useAuditLog, useAuditLogUsers } from './api.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The filters in the address, so a filtered log can be reloaded and shared; anything malformed is dropped. */
function filterFrom(params: URLSearchParams): AuditLogFilter {
  const pick = (key: string, valid: (value: string) => boolean) => {
    const value = params.get(key) ?? '';
    return valid(value) ? value : undefined;
  };
  const page = Number(params.get('page') ?? '1');
  return {
    ...withValue(
      'actor',
      pick('actor', (value) => UUID.test(value)),
    ),
    ...withValue(
      'action',
      pick('action', (value) => (AUDIT_ACTIONS as string[]).includes(value)),
    ),
    ...withValue(
      'from',
      pick('from', (value) => DAY.test(value)),
    ),
    ...withValue(
      'to',
      pick('to', (value) => DAY.test(value)),
    ),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function withValue<Key extends string>(key: Key, value: string | undefined) {
  return value === undefined ? {} : ({ [key]: value } as Record<Key, string>);
}

/** What the entry was done to: an inquiry by its sender's name while it exists, else by kind and id. */
function targetOf(entry: AuditEntry): string | null {
  if (!entry.targetId) return null;
  if (entry.targetName !== null) return `${entry.targetType} from ${entry.targetName}`;
  return `${entry.targetType} ${entry.targetId}`;
}

function describeDetail(entry: AuditEntry): string {
  if (!entry.detail) return '';
  return Object.entries(entry.detail)
    .map(([key, value]) => `${key}: ${value === null ? '—' : String(value)}`)
    .join(', ');
}

const selectClass =
  'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600';

/** The audit log: who did what and when, from which address, filtered by user, action and days. */
export function AuditLogScreen() {
  const [params, setParams] = useAddressParams();
  const filter = filterFrom(params);
  const log = useAuditLog(filter);
  const users = useAuditLogUsers();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const data = log.data;
  const entries = data?.entries ?? [];

  const change = (key: keyof Omit<AuditLogFilter, 'page'> | 'page', value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: key !== 'page' },
    );
  };
  const filtered = Boolean(filter.actor || filter.action || filter.from || filter.to);
  const first = data ? (filter.page - 1) * data.pageSize + 1 : 0;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  return (
    <div className="space-y-6">
      <search aria-label="Filter the audit log" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-1">
          <label htmlFor={`${id}-actor`} className="block text-sm font-medium text-slate-700">
            User
          </label>
          <select
            id={`${id}-actor`}
            className={`${selectClass} w-full`}
            value={filter.actor ?? ''}
            onChange={(event) => change('actor', event.target.value)}
          >
            <option value="">Everyone</option>
            {(users.data?.users ?? []).map((user) => (
              <option key={user._id} value={user._id}>
                {user.name ? `${user.name} (${user.email})` : user.email}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-action`} className="block text-sm font-medium text-slate-700">
            Action
          </label>
          <select
            id={`${id}-action`}
            className={`${selectClass} w-full`}
            value={filter.action ?? ''}
            onChange={(event) => change('action', event.target.value)}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-700">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            className={`${selectClass} w-full`}
            value={filter.from ?? ''}
            max={filter.to}
            onChange={(event) => change('from', event.target.value)}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-700">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            className={`${selectClass} w-full`}
            value={filter.to ?? ''}
            min={filter.from}
            onChange={(event) => change('to', event.target.value)}
          />
        </div>
      </search>

      <PagedResults
        headingId="audit-log-results"
        headingRef={headingRef}
        title={filtered ? 'Matching entries' : 'All entries'}
        summary={
          data && entries.length > 0
            ? `Showing ${first.toLocaleString()}–${(first + entries.length - 1).toLocaleString()} of ${data.total.toLocaleString()}`
            : null
        }
        busy={log.isFetching}
        stale={log.isPlaceholderData}
        pager={
          data && (filter.page > 1 || filter.page < pages)
            ? {
                page: filter.page,
                pageCount: pages,
                hasNextPage: filter.page < pages,
                onPageChange: (page) => {
                  change('page', String(page));
                  headingRef.current?.scrollIntoView({ block: 'nearest' });
                },
              }
            : null
        }
      >
        <ListContent
          query={log}
          noun="audit log"
          failed={log.isError && !data}
          empty={
            entries.length === 0 && (
              <EmptyState title={filtered ? 'No matching entries' : 'Nothing recorded yet'}>
                {filtered
                  ? 'Nothing in the log matches these filters.'
                  : 'Sign-ins and changes in the back office will be listed here.'}
              </EmptyState>
            )
          }
        >
          <ol
            aria-label="Audit log, newest first"
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          >
            {entries.map((entry) => (
              <li key={entry._id} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
                <DateTime value={entry.at} className="text-sm text-slate-600 tabular-nums" />
                <div className="min-w-0 space-y-0.5">
                  <p className="text-sm text-slate-900">
                    <span className="font-medium">{entry.actorEmail ?? 'Unknown'}</span>{' '}
                    <span className={entry.action === 'sign-in.failed' ? 'text-red-800' : undefined}>
                      {AUDIT_ACTION_LABELS[entry.action]}
                    </span>
                  </p>
                  <p className="break-words text-xs text-slate-600">
                    {[describeDetail(entry), targetOf(entry), entry.ip && `from ${entry.ip}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
              </li>
            ))}
          </ol>
        </ListContent>
      </PagedResults>
      {data && (
        <p className="text-xs text-slate-600">
          Entries are kept for {data.keepDays.toLocaleString()} days, then erased.
        </p>
      )}
    </div>
  );
}
