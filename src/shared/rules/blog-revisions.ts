// Revisions and autosaved drafts of blog posts, without zod (the API's shapes are in
// contracts/blog-revisions.ts).

/** Revisions kept per post: each save past this many forgets the oldest. */
export const BLOG_REVISIONS_KEPT = 50;

/** How long the editor waits after the last keystroke before it keeps a draft. */
export const AUTOSAVE_DELAY_MS = 3000;

/** The autosave key of a post not created yet; a post's own autosave is keyed by its id. */
export const NEW_POST_KEY = 'new';

export const BLOG_REVISION_MESSAGES = {
  revisionNotFound: 'This revision no longer exists',
  restored: 'Revision restored',
  /** A revision kept from before revisions named who saved them. */
  unknownSaver: 'Before revisions were kept',
  draftSaveFailed: 'Could not save a draft',
  draftDiscarded: 'Draft discarded',
  invalidPostKey: 'Invalid post key: use a post id or "new"',
} as const;

/**
 * The 409 of a save or restore that names an older version than the stored one: who saved last and when
 * (`at` already written for a person), and what to do so the typed text is not lost.
 */
export function editConflictMessage(lastSave: { by: string; at: string } | null): string {
  const saved = lastSave
    ? `${lastSave.by} saved this post at ${lastSave.at} while you were editing`
    : 'Someone else saved this post while you were editing';
  return `${saved}. Your text is kept here: copy it, reload and apply your changes again.`;
}
