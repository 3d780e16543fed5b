import type { PostedAccountDeletion } from '../../../shared/web-render.ts';
import { hydrateIslandRoot } from '../island-language.tsx';
import { islandProps } from '../island-root.tsx';
import { defineIsland } from '../islands.ts';
import { DeleteAccountForm } from './delete-account-form.tsx';

/**
 * The account deletion page's form island (decision 062): React, the form and its texts, fetched when a
 * visitor reaches for the form (public/islands.ts) and hydrated in place, on the markup the server rendered
 * with the same props (the answer to a form posted without script, if it was). It is live once the form has
 * rendered with what was typed before.
 */
defineIsland('delete-account', (root) =>
  // Its own texts, the countries' names and the busy connection's check.
  hydrateIslandRoot(root, ['account-deletion', 'countries', 'challenge'], (onLive) => (
    <DeleteAccountForm posted={islandProps<PostedAccountDeletion | null>(root)} onLive={onLive} />
  )),
);
