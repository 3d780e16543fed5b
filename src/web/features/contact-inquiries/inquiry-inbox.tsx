import { Download } from 'lucide-react';
import { toast } from 'sonner';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import {
  INQUIRY_ASSIGNED_FILTER_LABELS,
  INQUIRY_ASSIGNED_FILTERS,
  INQUIRY_MESSAGES,
  INQUIRY_SEARCH_MAX_LENGTH,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  type InquiryStatus,
} from '../../../shared/rules/contact-inquiries.ts';
import { isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useListScreen } from '../../lib/use-list-screen.ts';
import { usePendingDelete } from '../../lib/use-pending-delete.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, ListContent } from '../../ui/list-content.tsx';
import { ListSearch, StatusFilter } from '../../ui/list-toolbar.tsx';
import { PagedResults } from '../../ui/paged-results.tsx';
import {
  inquiryExportHref,
  useDeleteInquiry,
  useInquiries,
  useInquiryStats,
  useUpdateInquiryStatus,
} from './api.ts';
import {
  formatInquiryTotal,
  isAssignedFilter,
  isInquiryStatus,
  parseInboxParams,
  toInboxQuery,
} from './inbox-params.ts';
import { InquiryDetailDialog } from './inquiry-detail-dialog.tsx';
import { InquiryList } from './inquiry-list.tsx';
import type { ReplyFacts } from './inquiry-reply.tsx';
import { InquiryStatCards } from './inquiry-stat-cards.tsx';

export interface InquiryInboxProps {
  /** What a reply's greeting and templates are filled from: the business's name and hours, who answers. */
  replyFacts: ReplyFacts;
  /** Whether the signed-in user's role may delete inquiries; without it no Delete button shows. */
  canDelete: boolean;
  /** Whether it may export them (Export CSV). */
  canExport: boolean;
  /** The signed-in user: "Assign to me", and their own notes to edit. */
  currentAdminId?: string;
}

/** The inquiry inbox below the screen's title: counts, search, filter, the list, its pages and the modal. */
export function InquiryInbox({ replyFacts, canDelete, canExport, currentAdminId }: InquiryInboxProps) {
  const { params, change } = useListParams(parseInboxParams);
  const query = toInboxQuery(params);
  const list = useInquiries(query);
  const stats = useInquiryStats();
  const updateStatus = useUpdateInquiryStatus();
  const data = list.data;
  const inquiries = data?.inquiries ?? [];
  const screen = useListScreen(params, change, list, inquiries.length);
  const removal = usePendingDelete<Inquiry>(useDeleteInquiry(), {
    onDeleted: (inquiry) => {
      // Deleting closes the modal.
      screen.deletedEntry(inquiry._id);
      toast.success(INQUIRY_MESSAGES.deleted);
    },
    failedMessage: () => INQUIRY_MESSAGES.deleteFailed,
  });

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
    screen.deleting();
    removal.ask(inquiry);
  };

  const filtered = Boolean(query.q || query.status || query.assigned);
  const { range } = screen;

  return (
    <div className="space-y-6">
      <InquiryStatCards stats={stats.data} loading={stats.isPending} />

      <search className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <ListSearch
          label="Search inquiries"
          placeholder="Search inquiries..."
          maxLength={INQUIRY_SEARCH_MAX_LENGTH}
          {...screen.searchBox}
        />
        {/* On a phone the two filters share a row, each half of it so its whole label shows; Export below. */}
        <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-nowrap">
          <StatusFilter
            value={params.status}
            statuses={INQUIRY_STATUSES}
            labels={INQUIRY_STATUS_LABELS}
            allLabel="All Status"
            onChange={(value) => change({ status: isInquiryStatus(value) ? value : undefined }, true)}
            className="w-full min-w-0 px-3 sm:w-44"
          />
          <StatusFilter
            label="Filter by assignment"
            value={params.assigned}
            statuses={INQUIRY_ASSIGNED_FILTERS}
            labels={INQUIRY_ASSIGNED_FILTER_LABELS}
            allLabel="All Assignees"
            onChange={(value) =>
              change({ filters: { assigned: isAssignedFilter(value) ? value : undefined } }, true)
            }
            className="w-full min-w-0 px-3 sm:w-44"
          />
          {canExport && (
            <a
              href={inquiryExportHref(query)}
              download
              className={cx(buttonClassName('secondary'), 'col-span-2 shrink-0')}
            >
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          )}
        </div>
      </search>

      <PagedResults
        headingId="inquiry-results"
        headingRef={screen.headingRef}
        title={filtered ? 'Matching inquiries' : 'All inquiries'}
        summary={
          data &&
          range &&
          `Showing ${range.from}–${range.to} of ${formatInquiryTotal(data.total, data.totalCapped)}`
        }
        busy={list.isFetching}
        stale={screen.stale}
        pager={screen.pager}
      >
        <ListContent
          query={list}
          noun="inquiries"
          failed={list.isError && !data}
          empty={
            inquiries.length === 0 && (
              <EmptyState title="No inquiries found">No inquiries match your current filters.</EmptyState>
            )
          }
        >
          <InquiryList
            inquiries={inquiries}
            overdue={new Set(data?.overdue)}
            stale={screen.stale}
            onOpen={(inquiry, from) => screen.open(inquiry._id, from)}
            onStatusChange={changeStatus}
            onDelete={canDelete ? askDelete : undefined}
          />
        </ListContent>
      </PagedResults>

      <InquiryDetailDialog
        inquiryId={params.open}
        shown={inquiries.find((inquiry) => inquiry._id === params.open)}
        replyFacts={replyFacts}
        currentAdminId={currentAdminId}
        onClose={() => change({ open: null })}
        onStatusChange={changeStatus}
        onDelete={canDelete ? askDelete : undefined}
        onCloseAutoFocus={screen.focusAfterDetail}
      />

      <ConfirmDeleteDialog
        {...removal.dialog}
        title="Delete inquiry"
        description={INQUIRY_MESSAGES.deleteConfirm}
        onCloseAutoFocus={screen.focusAfterDelete}
      />
    </div>
  );
}
