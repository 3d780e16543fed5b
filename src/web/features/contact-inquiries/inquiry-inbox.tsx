import { Download } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import {
  INQUIRY_MESSAGES,
  INQUIRY_SEARCH_MAX_LENGTH,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  type InquiryStatus,
} from '../../../shared/rules/contact-inquiries.ts';
import { isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { hasNextPage, pageRange } from '../../lib/list-params.ts';
import { useLeaveEmptyPage, useListParams } from '../../lib/use-list-params.ts';
import { useUrlSearchBox } from '../../lib/use-url-search-box.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { Pager } from '../../ui/pager.tsx';
import { RefreshBar } from '../../ui/refresh-bar.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import {
  inquiryExportHref,
  useDeleteInquiry,
  useInquiries,
  useInquiryStats,
  useUpdateInquiryStatus,
} from './api.ts';
import { formatInquiryTotal, isInquiryStatus, parseInboxParams, toInboxQuery } from './inbox-params.ts';
import { InquiryDetailDialog } from './inquiry-detail-dialog.tsx';
import { InquiryList } from './inquiry-list.tsx';
import { InquiryStatCards } from './inquiry-stat-cards.tsx';

const controlClassName =
  'h-11 rounded-lg border border-slate-300 bg-white text-base text-slate-900 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 sm:text-sm';

export interface InquiryInboxProps {
  /** The business's name, for the prefilled WhatsApp reply. */
  brandName?: string;
}

/** The inquiry inbox below the screen's title: counts, search, filter, the list, its pages and the modal. */
export function InquiryInbox({ brandName }: InquiryInboxProps) {
  const { params, change } = useListParams(parseInboxParams);
  const query = toInboxQuery(params);
  const list = useInquiries(query);
  const stats = useInquiryStats();
  const updateStatus = useUpdateInquiryStatus();
  const remove = useDeleteInquiry();
  const [toDelete, setToDelete] = useState<Inquiry | null>(null);
  const statusId = useId();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  const searchBox = useUrlSearchBox(params.q, change);

  const data = list.data;
  const inquiries = data?.inquiries ?? [];
  const stale = list.isPlaceholderData;
  useLeaveEmptyPage(params.page, data, inquiries.length, stale, change);

  const goToPage = (page: number) => {
    change({ page }, true);
    resultsRef.current?.scrollIntoView({ block: 'nearest' });
  };

  const changeStatus = (inquiry: Inquiry, status: InquiryStatus) => {
    if (status === inquiry.status) return;
    updateStatus.mutate(
      { id: inquiry._id, status },
      {
        onSuccess: () => toast.success(INQUIRY_MESSAGES.statusUpdated),
        onError: (error) => {
          if (!isSessionError(error)) toast.error(INQUIRY_MESSAGES.statusFailed);
        },
      },
    );
  };

  const askDelete = (inquiry: Inquiry) => {
    deleted.current = false;
    setToDelete(inquiry);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const id = toDelete._id;
    remove.mutate(id, {
      onSuccess: () => {
        deleted.current = true;
        toast.success(INQUIRY_MESSAGES.deleted);
        // SPEC section 4: deleting closes the modal.
        if (params.open === id) change({ open: null });
      },
      onError: (error) => {
        if (!isSessionError(error)) toast.error(INQUIRY_MESSAGES.deleteFailed);
      },
      onSettled: () => setToDelete(null),
    });
  };

  const openInquiry = (inquiry: Inquiry, from: HTMLElement | null) => {
    opener.current = from;
    change({ open: inquiry._id });
  };

  /** The deleted inquiry's buttons are gone: focus goes to the list's heading instead. */
  const focusAfterDelete = (event: Event) => {
    if (!deleted.current) return;
    event.preventDefault();
    resultsRef.current?.focus();
  };

  /** The modal gives focus back to the inquiry's button in the list (the row itself cannot take it). */
  const focusAfterModal = (event: Event) => {
    const from = opener.current;
    opener.current = null;
    if (deleted.current) focusAfterDelete(event);
    else if (from?.isConnected) {
      event.preventDefault();
      from.focus();
    }
  };

  const range = data ? pageRange(params.page, data.pageSize, inquiries.length) : null;
  const filtered = Boolean(query.q || query.status);
  const canGoOn =
    data !== undefined &&
    hasNextPage(params.page, data.pageSize, inquiries.length, data.total, data.totalCapped);

  return (
    <div className="space-y-6">
      <InquiryStatCards stats={stats.data} loading={stats.isPending} />

      <search className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchField
          label="Search inquiries"
          {...searchBox}
          formClassName="min-w-0 flex-1"
          placeholder="Search inquiries..."
          maxLength={INQUIRY_SEARCH_MAX_LENGTH}
          autoComplete="off"
          className={controlClassName}
        />
        <div className="flex gap-3">
          <label htmlFor={statusId} className="sr-only">
            Filter by status
          </label>
          <select
            id={statusId}
            value={params.status ?? ''}
            onChange={(event) =>
              change({ status: isInquiryStatus(event.target.value) ? event.target.value : undefined }, true)
            }
            className={cx(controlClassName, 'min-w-0 flex-1 px-3 sm:w-44 sm:flex-none')}
          >
            <option value="">All Status</option>
            {INQUIRY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INQUIRY_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
          <a
            href={inquiryExportHref(query)}
            download
            className={cx(buttonClassName('secondary'), 'shrink-0')}
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        </div>
      </search>

      <section
        aria-labelledby="inquiry-results"
        aria-busy={list.isFetching || undefined}
        className="space-y-3"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="inquiry-results"
            ref={resultsRef}
            tabIndex={-1}
            className="scroll-mt-20 text-lg font-semibold text-slate-900 outline-none"
          >
            {filtered ? 'Matching inquiries' : 'All inquiries'}
          </h2>
          {data && range && inquiries.length > 0 && (
            <p aria-live="polite" className="text-sm text-slate-600">
              Showing {range.from}–{range.to} of {formatInquiryTotal(data.total, data.totalCapped)}
            </p>
          )}
        </div>
        <RefreshBar active={stale} />

        {list.isPending ? (
          <LoadingState label="Loading inquiries..." />
        ) : list.isError && !data ? (
          <LoadFailed onRetry={() => void list.refetch()}>The inquiries could not be loaded.</LoadFailed>
        ) : inquiries.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-medium text-slate-900">No inquiries found</p>
            <p className="mt-1 text-slate-600">No inquiries match your current filters.</p>
          </div>
        ) : (
          <InquiryList
            inquiries={inquiries}
            stale={stale}
            onOpen={openInquiry}
            onStatusChange={changeStatus}
            onDelete={askDelete}
          />
        )}

        {data && (params.page > 1 || canGoOn) && (
          <Pager page={params.page} hasNextPage={canGoOn} onPageChange={goToPage} />
        )}
      </section>

      <InquiryDetailDialog
        inquiryId={params.open}
        shown={inquiries.find((inquiry) => inquiry._id === params.open)}
        brandName={brandName}
        onClose={() => change({ open: null })}
        onStatusChange={changeStatus}
        onDelete={askDelete}
        onCloseAutoFocus={focusAfterModal}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete inquiry"
        description={INQUIRY_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={focusAfterDelete}
      />
    </div>
  );
}
