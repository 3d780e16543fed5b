import type { PublicBlogPost, PublishedBlogPage } from './contracts/blog.ts';
import type { PublicContactChannel } from './contracts/contact-channels.ts';
import type { SiteSettings } from './contracts/site-settings.ts';
import type { BlogCategory } from './rules/blog.ts';
import type { Locale } from './rules/locales.ts';

/**
 * The contract between the Fastify server and the server bundle of the web app (dist/web/server/entry-server.js).
 * It lives in shared because both sides compile against it and neither may import the other.
 */

/** The contact form's fields as a browser without script posts them (POST /contact/message, /hi/contact/message). */
export const POSTED_INQUIRY_FIELDS = ['name', 'phone', 'email', 'city', 'service', 'query'] as const;
export type PostedInquiryField = (typeof POSTED_INQUIRY_FIELDS)[number];

/** What the server answers a natively posted contact form with: thanks, or the form again as it was sent. */
export type PostedInquiryForm =
  | { status: 'sent' }
  | {
      status: 'refused';
      /** The answer's HTTP status (400 for fields, 428, 429...): a page in another language words it itself. */
      httpStatus: number;
      /** The server's English words for it, and each field's. */
      message: string;
      values: Record<PostedInquiryField, string>;
      errors: Partial<Record<PostedInquiryField, string>>;
      /** How long to wait before sending again, after a limit (429). */
      retryAfterSeconds?: number;
    };

/** What the deletion page posted without script keeps of what was typed (never the password). */
export interface PostedDeletionValues {
  mobile: string;
  countryCode: string;
}

/**
 * Why a natively posted deletion did not happen: the fields (`missingFields`, `invalid`), a wrong mobile or
 * password (`invalidCredentials`), a busy connection whose proof of work needs script (`proofNeedsScript`),
 * a limit (`tooManyAttempts`), or a confirmation that expired or no longer matches the account (`expired`).
 */
export type PostedDeletionProblem =
  | 'missingFields'
  | 'invalid'
  | 'invalidCredentials'
  | 'proofNeedsScript'
  | 'tooManyAttempts'
  | 'expired';

/**
 * What the server answers the deletion page posted without script with (POST /delete-account,
 * /hi/delete-account): the form again (with why, after a refusal), the confirmation of a right password, or
 * the account deleted.
 */
export type PostedAccountDeletion =
  | {
      status: 'form';
      values: PostedDeletionValues;
      problem?: {
        kind: PostedDeletionProblem;
        /** The server's English words for it. */
        message: string;
        /** How long to wait, after a limit (429). */
        retryAfterSeconds?: number;
      };
    }
  | {
      status: 'confirm';
      values: PostedDeletionValues;
      /** Signed by the server for this member, for a few minutes: the confirmation posts it back. */
      confirmation: string;
    }
  | { status: 'deleted' };

/** What route loaders get on the server: direct data access, where the browser would call the API. */
/**
 * An app's own browser (Instagram's, Facebook's, LinkedIn's…) that the page was opened in, told by its
 * User-Agent: it may not hand calls, chats or downloads on, so the contact page offers the phone's browser.
 * The app is not named: the agents of some apps are taken for others' (Facebook's for Messenger's).
 */
export interface InAppBrowser {
  /** How the page can be opened in the phone's browser: an intent on Android, Safari's scheme on Apple's. */
  platform: 'android' | 'apple' | 'other';
}

export interface PublicDataContext {
  /** Set only when rendering a contact page for a visitor in an app's browser. */
  inAppBrowser?: InAppBrowser;
  /** Set only when rendering a page reached from a poster: its tag, which the channel links carry (decision 077). */
  source?: string;
  /** Set only when rendering the answer to a natively posted contact form. */
  postedInquiry?: PostedInquiryForm;
  /** Set only when rendering the answer to the natively posted deletion page. */
  postedDeletion?: PostedAccountDeletion;
  activeContacts(): Promise<PublicContactChannel[]>;
  /** The site settings (brand, hours, figures, time zone); the browser reads GET /api/settings. */
  siteSettings(): Promise<SiteSettings>;
  /** When the terms last changed (ISO 8601); the browser reads GET /api/terms. */
  termsUpdatedAt(): Promise<string>;
  /** The brands the site had before: their game routes redirect to the current one (server only). */
  formerBrandNames(): Promise<string[]>;
  /** One page of published posts, newest first; the browser reads GET /api/blogs/published. */
  publishedBlogPosts(query: {
    language: Locale;
    category?: BlogCategory | undefined;
    page: number;
    pageSize: number;
  }): Promise<PublishedBlogPage>;
  /**
   * A post by its slug: published ones, and drafts too when a signed-in admin asked for the page (such a
   * render is never cached); null otherwise. The browser reads GET /api/blogs/:slug.
   */
  blogPost(slug: string): Promise<PublicBlogPost | null>;
  /** The moment the page is rendered at, by the server's clock (milliseconds since the epoch). */
  now(): number;
  /**
   * How soon the team typically answers an inquiry that comes while the business is open, in minutes; null
   * without enough answered inquiries (decision 075).
   */
  typicalReplyMinutes(): Promise<number | null>;
}

/** What a page's share card is drawn from (the picture a link to it shows in WhatsApp or Telegram). */
export interface ShareCard {
  /** The page's canonical path (with its query, if any): the card is checked against this page. */
  path: string;
  brand: string;
  /** The brand's uploaded logo, when there is one. */
  logo?: string | undefined;
  title: string;
  /** A post's picture, as the admin typed it. */
  image?: string | undefined;
}

export interface RenderPageInput {
  /** The absolute URL of the requested page. */
  url: string;
  /** The site's origin for canonical and Open Graph URLs (PUBLIC_ORIGIN, or the request's own). */
  origin: string;
  context: PublicDataContext;
  /** The path of the card's picture: the server names it by its content, so a new card gets a new URL. */
  shareCardPath(card: ShareCard): string;
}

export type RenderPageResult =
  | {
      kind: 'page';
      status: number;
      /** The page's language, for <html lang>: `en` or `hi`. */
      lang: string;
      /** Escaped tags for <head>: title, description, canonical, Open Graph. */
      head: string;
      /**
       * The page's markup for #root: nothing inline is executed (the island's props and the page's script
       * names are data), so the page needs no CSP nonce and is the same bytes for every visitor (cached
       * compressed).
       */
      html: string;
      /** A loader's unexpected error, for the server's log (the page shows a generic message). */
      error?: unknown;
      /** The page's share card; none for an error page. */
      shareCard?: ShareCard;
    }
  | { kind: 'redirect'; status: number; location: string };

export type RenderPage = (input: RenderPageInput) => Promise<RenderPageResult>;
