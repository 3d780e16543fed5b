import { useState } from 'react';
import type { BlogPostInput } from '../../../shared/contracts/blog.ts';
import type { Autosave, AutosaveValues } from '../../../shared/contracts/blog-revisions.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { discardAutosave, useAutosave } from './revisions-api.ts';

/** Whether the draft holds anything the editor does not already show. */
function draftDiffers(draft: AutosaveValues, shown: Partial<BlogPostInput>): boolean {
  return Object.entries(draft).some(
    ([field, value]) => value !== undefined && value !== shown[field as keyof BlogPostInput],
  );
}

export interface DraftBannerProps {
  postKey: string;
  /** The values the editor opened with (the post's, or a new post's). */
  startingValues: Partial<BlogPostInput>;
  /** The version of the post the editor opened; null for a new post. */
  version: number | null;
  onRestore: (values: AutosaveValues) => void;
}

/**
 * On opening the editor: the user's draft of this post kept from an earlier visit (a closed tab, a lost
 * connection), with Restore and Discard. Nothing while there is none, or it says what the post already says.
 */
export function DraftBanner({ postKey, startingValues, version, onRestore }: DraftBannerProps) {
  const autosave = useAutosave(postKey);
  const [handled, setHandled] = useState(false);
  const draft: Autosave | null | undefined = autosave.data;
  if (handled || !draft || !draftDiffers(draft.values, startingValues)) return null;
  const savedSince = version !== null && draft.baseVersion !== null && draft.baseVersion < version;
  return (
    <section
      aria-label="Unsaved changes"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p role="status">
        You have unsaved changes from <DateTime value={draft.savedAt} />.
        {savedSince && ' The post was saved since: restoring puts your text in place of the newer one.'}
      </p>
      <div className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            setHandled(true);
            onRestore(draft.values);
          }}
        >
          Restore
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setHandled(true);
            void discardAutosave(postKey);
          }}
        >
          Discard
        </Button>
      </div>
    </section>
  );
}
