import type { FastifyBaseLogger } from 'fastify';
import type { PublicBlogPost } from '../../shared/contracts/blog.ts';
import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import { pictureKey } from '../../shared/rules/upload-addresses.ts';
import type { PublicDataContext } from '../../shared/web-render.ts';
import { renderPostContent } from '../features/blog/markdown.ts';
import type { BlogPostRepository } from '../features/blog/repository.ts';
import { withPictures } from '../features/blog/routes.ts';
import type { ContactChannelRepository } from '../features/contact-channels/repository.ts';
import type { PicturesOf } from '../features/uploads/pictures.ts';

/**
 * What the public pages' loaders read while the server renders them: the repositories, called directly where
 * the browser would call the API. `admin` is for a signed-in admin only: it shows drafts too, and pages
 * rendered with it are never cached (decision 010).
 */
export function publicDataContexts(
  deps: {
    contactChannels: ContactChannelRepository;
    currentSettings: () => Promise<SiteSettings>;
    currentTermsUpdatedAt: () => Promise<string>;
    formerBrandNames: () => Promise<string[]>;
    blogPosts: BlogPostRepository;
    picturesOf: PicturesOf;
    typicalReplyMinutes: () => Promise<number | null>;
    clock: () => number;
  },
  log: FastifyBaseLogger,
): { visitor: PublicDataContext; admin: PublicDataContext } {
  const blogPost = async (slug: string, drafts: boolean): Promise<PublicBlogPost | null> => {
    const post = await deps.blogPosts.findBySlug(slug);
    if (!post || (!post.isPublished && !drafts)) return null;
    // The Markdown source stays out of what the page is rendered from: only the HTML is shown.
    const { content, ...summary } = post;
    const pictures = await deps.picturesOf([post.image, content]);
    const imagePicture = pictures.get(pictureKey(post.image));
    return {
      ...summary,
      html: await renderPostContent(post, log, pictures),
      translation: await deps.blogPosts.publishedTranslation(post),
      ...(imagePicture ? { imagePicture } : {}),
    };
  };
  const visitor: PublicDataContext = {
    activeContacts: () => deps.contactChannels.listActive(),
    siteSettings: deps.currentSettings,
    termsUpdatedAt: deps.currentTermsUpdatedAt,
    formerBrandNames: deps.formerBrandNames,
    publishedBlogPosts: async (query) => {
      const { items, total } = await deps.blogPosts.listPublished(query);
      return {
        items: await withPictures(items, deps.picturesOf),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
    blogPost: (slug) => blogPost(slug, false),
    now: deps.clock,
    typicalReplyMinutes: deps.typicalReplyMinutes,
  };
  return { visitor, admin: { ...visitor, blogPost: (slug) => blogPost(slug, true) } };
}
