import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponseSchema } from '../../../shared/contracts/api.ts';
import { BlogIdParamsSchema, BlogPostSavedResponseSchema } from '../../../shared/contracts/blog.ts';
import {
  AutosaveBodySchema,
  AutosaveParamsSchema,
  AutosaveResponseSchema,
  AutosaveSavedResponseSchema,
  BlogRevisionListResponseSchema,
  BlogRevisionParamsSchema,
  BlogRevisionResponseSchema,
  RestoreRevisionBodySchema,
} from '../../../shared/contracts/blog-revisions.ts';
import { BLOG_MESSAGES } from '../../../shared/rules/blog.ts';
import { BLOG_REVISION_MESSAGES } from '../../../shared/rules/blog-revisions.ts';
import { ADMIN_ERROR_RESPONSES, HttpError, SAVE_ERROR_RESPONSES } from '../../lib/http-errors.ts';
import { access } from '../../plugins/access.ts';
import type { BlogAutosaveRepository } from './autosaves.ts';
import type { BlogRevisionRepository } from './revisions.ts';
import { type AdminBlogRouteDeps, saverOf, saving } from './routes.ts';

export interface BlogRevisionRouteDeps extends AdminBlogRouteDeps {
  revisions: BlogRevisionRepository;
  autosaves: BlogAutosaveRepository;
}

const postNotFound = () => new HttpError(404, BLOG_MESSAGES.notFound);

/** A post's revisions (list, one, restore) and each user's autosaved drafts of the editor. */
export const blogRevisionRoutes: FastifyPluginAsyncZod<BlogRevisionRouteDeps> = async (
  app,
  { blogPosts, revisions, autosaves, publicContent, timeZone },
) => {
  app.get(
    '/api/blogs/admin/:id/revisions',
    {
      config: { access: access.scripted('blog') },
      schema: {
        tags: ['blog'],
        operationId: 'listBlogPostRevisions',
        summary: 'A post’s revisions, newest first: who saved which version and when (without the text)',
        params: BlogIdParamsSchema,
        response: { 200: BlogRevisionListResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id } = request.params;
      const list = await revisions.list(id);
      // A post always has a revision once saved here: none means no post (or one never saved since).
      if (list.length === 0 && !(await blogPosts.findById(id))) throw postNotFound();
      return { success: true as const, data: list };
    },
  );

  app.get(
    '/api/blogs/admin/:id/revisions/:revisionId',
    {
      config: { access: access.scripted('blog') },
      schema: {
        tags: ['blog'],
        operationId: 'getBlogPostRevision',
        summary: 'One revision of a post, with every field it kept',
        params: BlogRevisionParamsSchema,
        response: { 200: BlogRevisionResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const revision = await revisions.find(request.params.id, request.params.revisionId);
      if (!revision) throw new HttpError(404, BLOG_REVISION_MESSAGES.revisionNotFound);
      return { success: true as const, data: revision };
    },
  );

  app.post(
    '/api/blogs/admin/:id/revisions/:revisionId/restore',
    {
      config: { access: access.scripted('blog'), audit: { action: 'post.restore', target: 'post' } },
      schema: {
        tags: ['blog'],
        operationId: 'restoreBlogPostRevision',
        summary:
          'Put a revision’s text back as a new version (publication stays as it is); with `version`, only if no one saved since',
        params: BlogRevisionParamsSchema,
        body: RestoreRevisionBodySchema,
        response: { 200: BlogPostSavedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { id, revisionId } = request.params;
      const revision = await revisions.find(id, revisionId);
      if (!revision) throw new HttpError(404, BLOG_REVISION_MESSAGES.revisionNotFound);
      const post = await saving(
        () =>
          blogPosts.restore(id, revision, {
            savedBy: saverOf(request),
            expectedVersion: request.body.version,
          }),
        timeZone,
      );
      if (!post) throw postNotFound();
      publicContent.changed();
      return { success: true as const, data: post, message: BLOG_REVISION_MESSAGES.restored };
    },
  );

  app.get(
    '/api/blogs/autosaves/:postKey',
    {
      config: { access: access.scripted('blog') },
      schema: {
        tags: ['blog'],
        operationId: 'getBlogPostAutosave',
        summary: 'The signed-in user’s autosaved draft of a post (`new`: of a post not yet created), or null',
        params: AutosaveParamsSchema,
        response: { 200: AutosaveResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await autosaves.find(request.admin!.id, request.params.postKey)) ?? null,
    }),
  );

  app.put(
    '/api/blogs/autosaves/:postKey',
    {
      // A user's own unsaved draft: the save that follows is what the log records.
      config: { access: access.scripted('blog'), audit: null },
      schema: {
        tags: ['blog'],
        operationId: 'replaceBlogPostAutosave',
        summary: 'Keep the editor’s values as the signed-in user’s draft of a post (seen by no one else)',
        params: AutosaveParamsSchema,
        body: AutosaveBodySchema,
        response: { 200: AutosaveSavedResponseSchema, ...SAVE_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { values, baseVersion } = request.body;
      const savedAt = await autosaves.save(request.admin!.id, request.params.postKey, values, baseVersion);
      if (!savedAt) throw postNotFound();
      return { success: true as const, savedAt };
    },
  );

  app.delete(
    '/api/blogs/autosaves/:postKey',
    {
      // A user's own unsaved draft: the save that follows is what the log records.
      config: { access: access.scripted('blog'), audit: null },
      schema: {
        tags: ['blog'],
        operationId: 'deleteBlogPostAutosave',
        summary: 'Forget the signed-in user’s draft of a post (after a save, or when discarded)',
        params: AutosaveParamsSchema,
        response: { 200: MessageResponseSchema, ...ADMIN_ERROR_RESPONSES },
      },
    },
    async (request) => {
      await autosaves.delete(request.admin!.id, request.params.postKey);
      return { success: true as const, message: BLOG_REVISION_MESSAGES.draftDiscarded };
    },
  );
};
