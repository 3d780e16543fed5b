import { UserCheck, UserX } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import type { Inquiry } from '../../../shared/contracts/contact-inquiries.ts';
import { INQUIRY_TEAM_MESSAGES } from '../../../shared/rules/contact-inquiries.ts';
import { errorMessage, isSessionError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { Button } from '../../ui/button.tsx';
import { useAssignInquiry, useInquiryAssignees } from './team-api.ts';

export interface InquiryAssignmentProps {
  inquiry: Inquiry;
  /** The signed-in user, for "Assign to me"; the button waits for it. */
  currentAdminId?: string;
}

/** Who the inquiry is assigned to: a select of the team, "Assign to me" and "Unassign". */
export function InquiryAssignment({ inquiry, currentAdminId }: InquiryAssignmentProps) {
  const id = useId();
  const assignees = useInquiryAssignees();
  const assign = useAssignInquiry();
  const current = inquiry.assignee;
  const team = assignees.data ?? [];
  // Someone disabled since, or the list still on its way: the select shows them all the same.
  const options = current && !team.some(({ _id }) => _id === current._id) ? [...team, current] : team;

  const change = (userId: string | null) => {
    if (userId === (current?._id ?? null)) return;
    assign.mutate(
      { id: inquiry._id, userId },
      {
        onSuccess: () =>
          toast.success(userId === null ? INQUIRY_TEAM_MESSAGES.unassigned : INQUIRY_TEAM_MESSAGES.assigned),
        onError: (error) => {
          if (!isSessionError(error)) toast.error(errorMessage(error, 'Failed to assign the inquiry'));
        },
      },
    );
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Assigned to
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id={id}
          value={current?._id ?? ''}
          disabled={assign.isPending}
          onChange={(event) => change(event.target.value || null)}
          className={cx(
            'h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 sm:w-56',
            'focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600 disabled:bg-slate-100',
          )}
        >
          <option value="">Unassigned</option>
          {options.map((member) => (
            <option key={member._id} value={member._id}>
              {member._id === currentAdminId ? `${member.name} (you)` : member.name}
            </option>
          ))}
        </select>
        {currentAdminId && current?._id !== currentAdminId && (
          <Button variant="secondary" onClick={() => change(currentAdminId)} disabled={assign.isPending}>
            <UserCheck aria-hidden="true" className="size-4" />
            Assign to me
          </Button>
        )}
        {current && (
          <Button variant="ghost" onClick={() => change(null)} disabled={assign.isPending}>
            <UserX aria-hidden="true" className="size-4" />
            Unassign
          </Button>
        )}
      </div>
      {assignees.isError && (
        <p className="text-sm text-red-700">
          The team could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void assignees.refetch()}>
            Try again
          </button>
        </p>
      )}
    </div>
  );
}
