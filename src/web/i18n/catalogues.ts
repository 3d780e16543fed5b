import type accountDeletion from '../content/messages/en/account-deletion.json';
import type blog from '../content/messages/en/blog.json';
import type challenge from '../content/messages/en/challenge.json';
import type contact from '../content/messages/en/contact.json';
import type countries from '../content/messages/en/countries.json';
import type game from '../content/messages/en/game.json';
import type landing from '../content/messages/en/landing.json';
import type privacy from '../content/messages/en/privacy.json';
import type site from '../content/messages/en/site.json';
import type terms from '../content/messages/en/terms.json';

/**
 * The shape of each namespace's catalogue: the English one, which every other language must match
 * (catalogues.test.ts). Type-only: the browser loads catalogues through `loadMessages` (messages.ts).
 */
export interface Catalogues {
  site: typeof site;
  terms: typeof terms;
  privacy: typeof privacy;
  game: typeof game;
  'account-deletion': typeof accountDeletion;
  landing: typeof landing;
  contact: typeof contact;
  challenge: typeof challenge;
  countries: typeof countries;
  blog: typeof blog;
}

export type Namespace = keyof Catalogues;

/** The paths of a catalogue's texts: `hero.heading`, `stats.0.label` (a list's items by index). */
export type MessageKey<Tree> = Tree extends string
  ? never
  : Tree extends readonly (infer Item)[]
    ? Item extends string
      ? `${number}`
      : `${number}.${MessageKey<Item>}`
    : {
        [Key in keyof Tree & string]: Tree[Key] extends string ? Key : `${Key}.${MessageKey<Tree[Key]>}`;
      }[keyof Tree & string];

/** The paths of a catalogue's lists, for counting their items. */
export type ListKey<Tree> = Tree extends string
  ? never
  : Tree extends readonly (infer Item)[]
    ? `${number}.${ListKey<Item>}`
    : {
        [Key in keyof Tree & string]: Tree[Key] extends readonly unknown[]
          ? Key | `${Key}.${ListKey<Tree[Key]>}`
          : `${Key}.${ListKey<Tree[Key]>}`;
      }[keyof Tree & string];
