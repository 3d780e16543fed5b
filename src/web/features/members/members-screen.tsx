import { useState } from 'react';
import { toast } from 'sonner';
import type { Member } from '../../../shared/contracts/members.ts';
import {
  MEMBER_LIMITS,
  MEMBER_MESSAGES,
  MEMBER_STATUS_LABELS,
  MEMBER_STATUSES,
} from '../../../shared/rules/members.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useFocusReturn } from '../../lib/focus-return.ts';
import { pageCount } from '../../lib/list-params.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { useListScreen } from '../../lib/use-list-screen.ts';
import { usePendingDelete } from '../../lib/use-pending-delete.ts';
import { AddButton } from '../../ui/button.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState, ListContent } from '../../ui/list-content.tsx';
import { ListSearch, StatusFilter } from '../../ui/list-toolbar.tsx';
import { PagedResults } from '../../ui/paged-results.tsx';
import { useDeleteMember, useMembers } from './api.ts';
import { MemberCreateDialog } from './member-create-dialog.tsx';
import { MemberDetailDialog } from './member-detail-dialog.tsx';
import { MemberList } from './member-list.tsx';
import { MemberPasswordResetDialog } from './member-password-reset-dialog.tsx';
import { isMemberStatus, parseMembersParams, toMembersQuery } from './members-params.ts';

export interface MembersScreenProps {
  /** The business's name, for the WhatsApp message that gives a member their ID. */
  brandName?: string;
}

/** The Members screen below the screen's title: search, filter, the list, its pages and the dialogs. */
export function MembersScreen({ brandName }: MembersScreenProps) {
  const { params, change } = useListParams(parseMembersParams);
  const query = toMembersQuery(params);
  const list = useMembers(query);
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<Member | null>(null);
  const createFocus = useFocusReturn();
  const resetFocus = useFocusReturn();
  const deleteFocus = useFocusReturn();
  const data = list.data;
  const members = data?.members ?? [];
  const screen = useListScreen(params, change, list, members.length);
  const removal = usePendingDelete<Member>(useDeleteMember(), {
    onDeleted: (member) => {
      screen.deletedEntry(member._id);
      toast.success(MEMBER_MESSAGES.deleted);
    },
    failedMessage: (error) => errorMessage(error, 'Failed to delete member'),
  });

  const askDelete = (member: Member) => {
    screen.deleting();
    deleteFocus.remember();
    removal.ask(member);
  };

  const askReset = (member: Member) => {
    resetFocus.remember();
    setResetting(member);
  };

  /** Cancelled, focus goes back to the Delete button; done, to the list. */
  const focusAfterConfirm = (event: Event) => {
    if (!screen.focusAfterDelete(event)) deleteFocus.restore(event);
  };

  const filtered = Boolean(query.q || query.status);
  const { range } = screen;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <search className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
          <ListSearch
            label="Search members by mobile or name"
            placeholder="Search by mobile or name..."
            maxLength={MEMBER_LIMITS.search}
            {...screen.searchBox}
          />
          <StatusFilter
            value={params.status}
            statuses={MEMBER_STATUSES}
            labels={MEMBER_STATUS_LABELS}
            allLabel="All"
            onChange={(value) => change({ status: isMemberStatus(value) ? value : undefined }, true)}
            className="px-3 sm:w-40"
          />
        </search>
        <AddButton
          onClick={() => {
            createFocus.remember();
            setCreating(true);
          }}
          className="shrink-0"
        >
          New Member
        </AddButton>
      </div>

      <PagedResults
        headingId="member-results"
        headingRef={screen.headingRef}
        title={filtered ? 'Matching members' : 'All members'}
        summary={data && range && `Showing ${range.from}–${range.to} of ${data.total.toLocaleString()}`}
        busy={list.isFetching}
        stale={screen.stale}
        pager={
          screen.pager && data ? { ...screen.pager, pageCount: pageCount(data.total, data.pageSize) } : null
        }
      >
        <ListContent
          query={list}
          noun="members"
          failed={list.isError && !data}
          empty={
            members.length === 0 &&
            (filtered ? (
              <EmptyState title="No members found">No members match your search or filter.</EmptyState>
            ) : (
              <EmptyState title="No members yet">Create a member's ID with New Member.</EmptyState>
            ))
          }
        >
          <MemberList
            members={members}
            stale={screen.stale}
            onOpen={(member, from) => screen.open(member._id, from)}
          />
        </ListContent>
      </PagedResults>

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
        onCloseAutoFocus={screen.focusAfterDetail}
      />

      <MemberPasswordResetDialog
        member={resetting}
        brandName={brandName}
        onClose={() => setResetting(null)}
        onCloseAutoFocus={resetFocus.restore}
      />

      <ConfirmDeleteDialog
        {...removal.dialog}
        title={removal.entry ? `Delete member ${removal.entry.mobileDisplay}` : 'Delete member'}
        description={MEMBER_MESSAGES.deleteConfirm}
        onCloseAutoFocus={focusAfterConfirm}
      />
    </div>
  );
}
