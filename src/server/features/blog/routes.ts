import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema, MessageResponseSchema } from '../../../shared/contracts/api.ts';
import {
  AdminBlogListQuerySchema,
  BlogIdParamsSchema,
  BlogListResponseSchema,
  type BlogPost,
  BlogPostDetailResponseSchema,
  BlogPostIdParamsSchema,
  BlogPostResponseSchema,
  BlogPostSavedResponseSchema,
  BlogPostSlugParamsSchema,
  type BlogPostValues,
  BlogPreviewResponseSchema,
  PublishedBlogListQuerySchema,
} from '../../../shared/contracts/blog.ts';
import type { UploadPicture } from '../../../shared/contracts/uploads.ts';
import { BLOG_MESSAGES, DEFAULT_BLOG_AUTHOR, isPossibleSlug } from '../../../shared/rules/blog.ts';
import { editConflictMessage } from '../../../shared/rules/blog-revisions.ts';
import { scheduleProblem } from '../../../shared/rules/blog-schedule.ts';
import { canUse } from '../../../shared/rules/roles.ts';
import { pictureKey } from '../../../shared/rules/upload-addresses.ts';
import { ADMIN_ERROR_RESPONSES, HttpError, SAVE_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import type { PublicContent } from '../../lib/public-content.ts';
import { readableDateTimeFormatter } from '../../lib/time-zone.ts';
import { access } from '../../plugins/access.ts';
import { renderMarkdown, renderPostContent } from './markdown.ts';
import type { BlogPage, BlogPageQuery } from './post-queries.ts';
import { DuplicateSlugError, EditConflictError } from './post-saves.ts';
import type { BlogPostRepository } from './repository.ts';
import type { RevisionSaver } from './revisions.ts';
import { BlogPostBodySchema, BlogPostUpdateBodySchema, BlogPreviewBodySchema } from './schemas.ts';
import type { BlogViewCounter } from './view-counting.ts';

export interface BlogRouteDeps {
  blogPosts: BlogPostRepository;
}

export interface PublicBlogRouteDeps extends BlogRouteDeps {
  /** The uploaded images that texts (a post's image, its Markdown) point at, by upload id. */
  picturesOf: (texts: string[]) => Promise<ReadonlyMap<string, UploadPicture>>;
  /** A post opened by a client-side navigation is read here, not as a page: its view counts here. */
  blogViews: BlogViewCounter;
}

export interface AdminBlogRouteDeps extends BlogRouteDeps {
  /** Told of every change, so rendered blog pages (and anything else built from posts) are rebuilt. */
  publicContent: PublicContent;
  /** Milliseconds since the epoch: a post is scheduled for a time after it. */
  clock: () => number;
  /** The business's time zone: a refused save says when the other save was made, as the team reads time. */
  timeZone: () => Promise<string>;
}

const notFound = () => new HttpError(404, BLOG_MESSAGES.notFound);

/** Posts with their uploaded feature images' sizes, for the public list's cards. */
export async function withPictures<Post extends { image: string }>(
  posts: Post[],
  picturesOf: PublicBlogRouteDeps['picturesOf'],
): Promise<Post[]> {
  const pictures = await picturesOf(posts.map((post) => post.image));
  return posts.map((post) => {
    const imagePicture = pictures.get(pictureKey(post.image));
    return imagePicture ? { ...post, imagePicture } : post;
  });
}

/** A page of posts as both lists answer it. */
function listAnswer({ items, total }: BlogPage, { page, pageSize }: BlogPageQuery) {
  return { success: true as const, data: items, total, page, pageSize };
}

/** The public blog: the published list and one post by its slug. */
export const publicBlogRoutes: FastifyPluginAsyncZod<PublicBlogRouteDeps> = async (
  app,
  { blogPosts, blogViews, picturesOf },
) => {
  app.get(
    '/api/blogs/published',
    {
      config: { access: access.public },
      schema: {
        tags: ['blog'],
        operationId: 'listPublishedBlogPosts',
        summary:
          'Published posts, newest first, optionally of one language and one category, one page at a time',
        querystring: PublishedBlogListQuerySchema,
        response: { 200: BlogListResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const page = await blogPosts.listPublished(request.query);
      return listAnswer({ ...page, items: await withPictures(page.items, picturesOf) }, request.query);
    },
  );

  app.get(
    '/api/blogs/:post',
    {
      config: { access: access.public },
      schema: {
        tags: ['blog'],
        operationId: 'getPublishedBlogPost',
        summary: 'A published post with its content as HTML (drafts too, for a signed-in admin)',
        params: BlogPostSlugParamsSchema,
        response: { 200: BlogPostDetailResponseSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { post: slug } = request.params;
      // A slug of another form cannot exist: no need to ask the database.
      if (!isPossibleSlug(slug)) throw notFound();
      const post = await blogPosts.findBySlug(slug);
      if (!post) throw notFound();
      // The session is looked up only when a cookie came with the request.
      const signedIn = request.headers.cookie ? await app.adminFromRequest(request) : null;
      // Drafts are shown to those who write posts; anyone else signed in reads (and counts) like a visitor.
      const admin = signedIn && canUse(signedIn.role, 'blog') ? signedIn : null;
      if (!post.isPublished) {
        if (!admin) throw notFound();
        reply.header('cache-control', 'no-store');
      } else if (!admin) {
        // A failure costs a count, never the post.
        await blogViews.record(slug, request.ip, request.headers['user-agent']).catch((error) => {
          request.log.warn({ err: error }, 'a blog view could not be counted');
        });
      }
      const pictures = await picturesOf([post.image, post.content]);
      const imagePicture = pictures.get(pictureKey(post.image));
      return {
        success: true as const,
        data: {
          ...post,
          html: await renderPostContent(post, request.log, pictures),
          translation: await blogPosts.publishedTranslation(post),
          ...(imagePicture ? { imagePicture } : {}),
        },
      };
    },
  );
};

function duplicateSlug(): HttpError {
  return new HttpError(409, BLOG_MESSAGES.duplicateSlug, { errors: { slug: BLOG_MESSAGES.duplicateSlug } });
}

/**
 * The byline of a post created by this request: the author named in it, or else the signed-in user by their
 * display name (never their email, which a byline would publish).
 */
function bylineOf(request: FastifyRequest, author: string): string {
  return author || request.admin!.name.trim() || DEFAULT_BLOG_AUTHOR;
}

/** The signed-in user, as a revision names who saved it. */
export function saverOf(request: FastifyRequest): RevisionSaver {
  const admin = request.admin!;
  return { id: admin.id, name: admin.name.trim() || admin.email };
}

/**
 * Runs a save, turning a slug taken by a concurrent save (the unique index) into the same 409, and a save
 * of an older version than the stored one into a 409 that says who saved last and when.
 */
export async function saving<T>(save: () => Promise<T>, timeZone?: () => Promise<string>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (error instanceof DuplicateSlugError) throw duplicateSlug();
    if (error instanceof EditConflictError) {
      const { lastSave } = error;
      const at = lastSave && timeZone ? readableDateTimeFormatter(await timeZone())(lastSave.at) : null;
      throw new HttpError(
        409,
        editConflictMessage(lastSave && at ? { by: lastSave.by || 'Someone else', at } : null),
      );
    }
    throw error;
  }
}

/** A schedule in the past, or beside Publish now, is refused under its field. */
function checkSchedule(values: BlogPostValues, now: number): void {
  const problem = scheduleProblem(values, now);
  if (problem) throw new HttpError(400, problem, { errors: { scheduledAt: problem } });
}

/**
 * A link to a translation names a post in the other language (never the post itself, which is in its own).
 * Refused under its field otherwise.
 */
async function checkTranslation(values: BlogPostValues, blogPosts: BlogPostRepository): Promise<void> {
  if (!values.translationId) return;
  const language = await blogPosts.languageOf(values.translationId);
  const problem =
    language === undefined
      ? BLOG_MESSAGES.translationMissing
      : language === values.language
        ? BLOG_MESSAGES.translationSameLanguage
        : null;
  if (problem) throw new HttpError(400, problem, { errors: { translationId: problem } });
}

function found(post: BlogPost | undefined): BlogPost {
  if (!post) throw notFound();
  return post;
}

/** The back office's blog: every post, create, edit, delete and a Markdown preview. */
export const adminBlogRoutes: FastifyPluginAsyncZod<AdminBlogRouteDeps> = async (
  app,
  { blogPosts, publicContent, clock, timeZone },
) => {
  app.get(
    '/api/blogs/admin/all',
    {
      config: { access: access.scripted('blog') },
      schema: {
        tags: ['blog'],
        operationId: 'listBlogPosts',
        summary: 'Every post (or one language’s), drafts included, newest created first',
        querystring: AdminBlogListQuerySchema,
        response: { 200: BlogListResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => listAnswer(await blogPosts.listAll(request.query), request.query),
  );

  app.get(
    '/api/blogs/admin/:id',
    {
      config: { access: access.scripted('blog') },
      schema: {
        tags: ['blog'],
        operationId: 'getBlogPost',
        summary: 'One post, draft or published, for editing',
        params: BlogIdParamsSchema,
        response: { 200: BlogPostResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => ({ success: true as const, data: found(await blogPosts.findById(request.params.id)) }),
  );

  app.post(
    '/api/blogs',
    {
      config: { access: access.scripted('blog'), audit: { action: 'post.create' } },
      schema: {
        tags: ['blog'],
        operationId: 'createBlogPost',
        summary: 'Create a post: a draft, published now, or scheduled to publish itself at scheduledAt',
        body: BlogPostBodySchema,
        response: { 201: BlogPostSavedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      checkSchedule(request.body, clock());
      await checkTranslation(request.body, blogPosts);
      if (await blogPosts.slugTaken(request.body.slug)) throw duplicateSlug();
      const values = { ...request.body, author: bylineOf(request, request.body.author) };
      const post = await saving(() => blogPosts.create(values, saverOf(request)));
      publicContent.changed();
      return reply.status(201).send({ success: true as const, data: post, message: BLOG_MESSAGES.created });
    },
  );

  app.post(
    '/api/blogs/preview',
    {
      // A preview saves nothing.
      config: { access: access.scripted('blog'), audit: null },
      schema: {
        tags: ['blog'],
        operationId: 'previewBlogPost',
        summary: 'Render Markdown as the published post will show it',
        body: BlogPreviewBodySchema,
        response: { 200: BlogPreviewResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => ({ success: true as const, html: await renderMarkdown(request.body.content) }),
  );

  app.put(
    '/api/blogs/:post',
    {
      config: {
        access: access.scripted('blog'),
        audit: { action: 'post.update', target: 'post', targetParam: 'post' },
      },
      schema: {
        tags: ['blog'],
        operationId: 'replaceBlogPost',
        summary:
          'Replace a post’s fields (its first publication date is kept); with `version`, only if no one saved since',
        params: BlogPostIdParamsSchema,
        body: BlogPostUpdateBodySchema,
        response: { 200: BlogPostSavedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { post: id } = request.params;
      const stored = found(await blogPosts.findById(id));
      checkSchedule(request.body, clock());
      await checkTranslation(request.body, blogPosts);
      if (await blogPosts.slugTaken(request.body.slug, id)) throw duplicateSlug();
      const { version, ...changed } = request.body;
      // Edited by someone else, the post stays its author's.
      const values = { ...changed, author: changed.author || stored.author };
      const post = found(
        await saving(
          () => blogPosts.update(id, values, { savedBy: saverOf(request), expectedVersion: version }),
          timeZone,
        ),
      );
      publicContent.changed();
      return { success: true as const, data: post, message: BLOG_MESSAGES.updated };
    },
  );

  app.delete(
    '/api/blogs/:post',
    {
      config: {
        access: access.scripted('blog'),
        audit: { action: 'post.delete', target: 'post', targetParam: 'post' },
      },
      schema: {
        tags: ['blog'],
        operationId: 'deleteBlogPost',
        summary: 'Delete a post',
        params: BlogPostIdParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      if (!(await blogPosts.delete(request.params.post))) throw notFound();
      publicContent.changed();
      return { success: true as const, message: BLOG_MESSAGES.deleted };
    },
  );
};
