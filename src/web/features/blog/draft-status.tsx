import { BLOG_REVISION_MESSAGES } from '../../../shared/rules/blog-revisions.ts';
import { useBusinessTimeZone } from '../../lib/business-time-zone.ts';
import type { DraftStatus } from './draft-autosave.ts';

function timeOfDay(iso: string, timeZone: string | null | undefined): string {
  return new Intl.DateTimeFormat(undefined, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(iso),
  );
}

/** A quiet line under the editor saying whether what is typed is kept as a draft. */
export function DraftStatusLine({ status }: { status: DraftStatus }) {
  const timeZone = useBusinessTimeZone();
  const text =
    status.state === 'saving'
      ? 'Saving a draft…'
      : status.state === 'saved'
        ? `Saved a draft at ${timeOfDay(status.at, timeZone)}`
        : status.state === 'failed'
          ? BLOG_REVISION_MESSAGES.draftSaveFailed
          : '';
  return (
    <p
      role="status"
      className={status.state === 'failed' ? 'text-sm text-red-700' : 'text-sm text-slate-600'}
    >
      {text}
    </p>
  );
}
