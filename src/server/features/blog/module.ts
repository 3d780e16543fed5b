import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteAddressConfig } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import type { ServerKeyStore } from '../../lib/server-secret.ts';
import { createBlogAutosaveRepository } from './autosaves.ts';
import { createBlogDailyViewRepository } from './daily-views.ts';
import { blogFeedRoutes } from './feed.ts';
import type { PostSaveOptions } from './post-saves.ts';
import { createBlogPostRepository } from './repository.ts';
import { blogRevisionRoutes } from './revision-routes.ts';
import { createBlogRevisionRepository } from './revisions.ts';
import { adminBlogRoutes, type PublicBlogRouteDeps, publicBlogRoutes } from './routes.ts';
import { createScheduledPublishing } from './scheduled-publishing.ts';
import { blogSitemapSource } from './sitemap.ts';
import { createBlogViewCounter, createBlogViewKeyPurge } from './view-counting.ts';

export interface BlogModuleDeps {
  /** The feed's links name the site's origin, which reads PUBLIC_ORIGIN and the allowed hosts. */
  /** The feed's links name the site's address. */
  config: SiteAddressConfig;
  db: Kysely<DB>;
  clock: () => number;
  log: FastifyBaseLogger;
  publicContent: PublicContent;
  timeZone: () => Promise<string>;
  brandName: () => Promise<string>;
  /** The uploads' sizes for the images posts show. */
  picturesOf: PublicBlogRouteDeps['picturesOf'];
  /** Told of each post that becomes published, in its transaction (the post.published webhook). */
  onPublished: NonNullable<PostSaveOptions['onPublished']>;
  /** Where the key that makes visitors' view keys is kept (the site settings' rows). */
  serverKeys: ServerKeyStore;
}

/** The blog (decisions 009, 036, 037, 039): posts, their revisions, views, scheduled publishing and the feed. */
export function createBlogModule(deps: BlogModuleDeps) {
  const { db, clock, log, publicContent, timeZone, picturesOf } = deps;
  const blogPosts = createBlogPostRepository(db, { clock, onPublished: deps.onPublished });
  const blogViews = createBlogViewCounter({ serverKeys: deps.serverKeys, blogPosts, clock });
  return {
    blogPosts,
    blogViews,
    blogDailyViews: createBlogDailyViewRepository(db),
    sitemapSource: blogSitemapSource(blogPosts),
    jobs: {
      blogViewKeyPurge: createBlogViewKeyPurge({ blogPosts, clock, log }),
      scheduledPublishing: createScheduledPublishing({ blogPosts, publicContent, clock, log }),
    },
    async register(app: FastifyInstance) {
      await app.register(encapsulated(publicBlogRoutes), { blogPosts, blogViews, picturesOf });
      await app.register(encapsulated(adminBlogRoutes), { blogPosts, publicContent, clock, timeZone });
      await app.register(encapsulated(blogRevisionRoutes), {
        blogPosts,
        publicContent,
        clock,
        timeZone,
        revisions: createBlogRevisionRepository(db),
        autosaves: createBlogAutosaveRepository(db, { clock }),
      });
      await app.register(encapsulated(blogFeedRoutes), {
        config: deps.config,
        blogPosts,
        brandName: deps.brandName,
      });
    },
  };
}
