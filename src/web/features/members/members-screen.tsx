import { Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Member } from '../../../shared/contracts/members.ts';
import {
  MEMBER_LIMITS,
  MEMBER_MESSAGES,
  MEMBER_STATUS_LABELS,
  MEMBER_STATUSES,
} from '../../../shared/rules/members.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { pageCount, pageRange } from '../../lib/list-params.ts';
import { useLeaveEmptyPage, useListParams } from '../../lib/use-list-params.ts';
import { useUrlSearchBox } from '../../lib/use-url-search-box.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { Pager } from '../../ui/pager.tsx';
import { RefreshBar } from '../../ui/refresh-bar.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { useDeleteMember, useMembers } from './api.ts';
import { useFocusReturn } from './focus-return.ts';
import { MemberCreateDialog } from './member-create-dialog.tsx';
import { MemberDetailDialog } from './member-detail-dialog.tsx';
import { MemberList } from './member-list.tsx';
import { MemberPasswordResetDialog } from './member-password-reset-dialog.tsx';
import { isMemberStatus, parseMembersParams, toMembersQuery } from './members-params.ts';

const controlClassName =
  'h-11 rounded-lg border border-slate-300 bg-white text-base text-slate-900 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 sm:text-sm';

export interface MembersScreenProps {
  /** The business's name, for the WhatsApp message that gives a member their ID. */
  brandName?: string;
}

/** User Management below the screen's title: search, filter, the list, its pages and the dialogs. */
export function MembersScreen({ brandName }: MembersScreenProps) {
  const { params, change } = useListParams(parseMembersParams);
  const query = toMembersQuery(params);
  const list = useMembers(query);
  const remove = useDeleteMember();
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<Member | null>(null);
  const [toDelete, setToDelete] = useState<Member | null>(null);
  const statusId = useId();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  const createFocus = useFocusReturn();
  const resetFocus = useFocusReturn();
  const deleteFocus = useFocusReturn();
  const searchBox = useUrlSearchBox(params.q, change);

  const data = list.data;
  const members = data?.members ?? [];
  const stale = list.isPlaceholderData;
  useLeaveEmptyPage(params.page, data, members.length, stale, change);

  const goToPage = (page: number) => {
    change({ page }, true);
    resultsRef.current?.scrollIntoView({ block: 'nearest' });
  };

  const askDelete = (member: Member) => {
    deleted.current = false;
    deleteFocus.remember();
    setToDelete(member);
  };

  const askReset = (member: Member) => {
    resetFocus.remember();
    setResetting(member);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const id = toDelete._id;
    remove.mutate(id, {
      onSuccess: () => {
        deleted.current = true;
        toast.success(MEMBER_MESSAGES.deleted);
        if (params.open === id) change({ open: null });
      },
      onError: (error) => {
        if (!isSessionError(error)) toast.error(errorMessage(error, 'Failed to delete member'));
      },
      onSettled: () => setToDelete(null),
    });
  };

  const openMember = (member: Member, from: HTMLElement | null) => {
    opener.current = from;
    change({ open: member._id });
  };

  /** The deleted member's button is gone: focus goes to the list's heading instead. */
  const focusAfterDelete = (event: Event) => {
    if (!deleted.current) return;
    event.preventDefault();
    resultsRef.current?.focus();
  };

  /** Cancelled, focus goes back to the Delete button; done, to the list. */
  const focusAfterConfirm = (event: Event) => {
    if (deleted.current) focusAfterDelete(event);
    else deleteFocus.restore(event);
  };

  /** The member's page gives focus back to the member's button in the list. */
  const focusAfterDetail = (event: Event) => {
    const from = opener.current;
    opener.current = null;
    if (deleted.current) focusAfterDelete(event);
    else if (from?.isConnected) {
      event.preventDefault();
      from.focus();
    }
  };

  const range = data ? pageRange(params.page, data.pageSize, members.length) : null;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;
  const filtered = Boolean(query.q || query.status);
  const canGoOn = data !== undefined && params.page < pages;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <search className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
          <SearchField
            label="Search members by mobile or name"
            {...searchBox}
            formClassName="min-w-0 flex-1"
            placeholder="Search by mobile or name..."
            maxLength={MEMBER_LIMITS.search}
            autoComplete="off"
            className={controlClassName}
          />
          <label htmlFor={statusId} className="sr-only">
            Filter by status
          </label>
          <select
            id={statusId}
            value={params.status ?? ''}
            onChange={(event) =>
              change({ status: isMemberStatus(event.target.value) ? event.target.value : undefined }, true)
            }
            className={cx(controlClassName, 'px-3 sm:w-40')}
          >
            <option value="">All</option>
            {MEMBER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {MEMBER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </search>
        <Button
          onClick={() => {
            createFocus.remember();
            setCreating(true);
          }}
          className="shrink-0"
        >
          <Plus aria-hidden="true" className="size-4" />
          New Member
        </Button>
      </div>

      <section
        aria-labelledby="member-results"
        aria-busy={list.isFetching || undefined}
        className="space-y-3"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="member-results"
            ref={resultsRef}
            tabIndex={-1}
            className="scroll-mt-20 text-lg font-semibold text-slate-900 outline-none"
          >
            {filtered ? 'Matching members' : 'All members'}
          </h2>
          {data && range && members.length > 0 && (
            <p aria-live="polite" className="text-sm text-slate-600">
              Showing {range.from}–{range.to} of {data.total.toLocaleString()}
            </p>
          )}
        </div>
        <RefreshBar active={stale} />

        {list.isPending ? (
          <LoadingState label="Loading members..." />
        ) : list.isError && !data ? (
          <LoadFailed onRetry={() => void list.refetch()}>The members could not be loaded.</LoadFailed>
        ) : members.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            {filtered ? (
              <>
                <p className="font-medium text-slate-900">No members found</p>
                <p className="mt-1 text-slate-600">No members match your search or filter.</p>
              </>
            ) : (
              <>
                <p className="font-medium text-slate-900">No members yet</p>
                <p className="mt-1 text-slate-600">Create a member's ID with New Member.</p>
              </>
            )}
          </div>
        ) : (
          <MemberList members={members} stale={stale} onOpen={openMember} />
        )}

        {data && (params.page > 1 || canGoOn) && (
          <Pager page={params.page} pageCount={pages} hasNextPage={canGoOn} onPageChange={goToPage} />
        )}
      </section>

      <MemberCreateDialog
        open={creating}
        brandName={brandName}
        onClose={() => setCreating(false)}
        onCloseAutoFocus={createFocus.restore}
        onCreated={() => {
          // The new member is on the first page of the unfiltered list.
          if (params.page > 1) change({ page: 1 });
        }}
      />

      <MemberDetailDialog
        memberId={params.open}
        shown={members.find((member) => member._id === params.open)}
        onClose={() => change({ open: null })}
        onResetPassword={askReset}
        onDelete={askDelete}
        onCloseAutoFocus={focusAfterDetail}
      />

      <MemberPasswordResetDialog
        member={resetting}
        brandName={brandName}
        onClose={() => setResetting(null)}
        onCloseAutoFocus={resetFocus.restore}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? `Delete member ${toDelete.mobileDisplay}` : 'Delete member'}
        description={MEMBER_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={focusAfterConfirm}
      />
    </div>
  );
}
