/** Pages that are a heading and a paragraph for now; later issues give each its full content. */
import { GAME_COPY, PRIVACY_COPY, TERMS_COPY } from '../../content/pages.ts';
import { fillCopy } from '../../content/site.ts';
import { SimplePage } from './simple-page.tsx';

export function TermsPage() {
  return <SimplePage heading={fillCopy(TERMS_COPY.heading)} body={fillCopy(TERMS_COPY.body)} />;
}

export function PrivacyPage() {
  return <SimplePage heading={fillCopy(PRIVACY_COPY.heading)} body={fillCopy(PRIVACY_COPY.body)} />;
}

export function GamePage() {
  return <SimplePage heading={fillCopy(GAME_COPY.heading)} body={fillCopy(GAME_COPY.body)} />;
}
