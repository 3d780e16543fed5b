import { hydrateIslandRoot } from '../island-language.tsx';
import { islandProps } from '../island-root.tsx';
import { defineIsland } from '../islands.ts';
import { ContactMessageForm, type ContactMessageFormProps } from './contact-message-form.tsx';

/**
 * The contact form's own page's island (decision 062): React, the form and its texts, fetched when a visitor
 * reaches for the form (public/islands.ts) and hydrated in place with the props the server rendered it with.
 * It is live once the form has rendered with what was typed before; a tap on "Send message" before then is
 * sent once it is. An island of its own rather than a second shape of `contact-form`: each page fetches only
 * the form it shows (the dialog or the page's), and the code both use is a chunk they share.
 */
defineIsland('contact-message', (root) =>
  // The form's texts and the busy connection's check.
  hydrateIslandRoot(root, ['contact', 'challenge'], (onLive) => (
    <ContactMessageForm {...islandProps<ContactMessageFormProps>(root)} onLive={onLive} />
  )),
);
