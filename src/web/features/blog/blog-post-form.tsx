import { History } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Controller, type Path, useWatch } from 'react-hook-form';
import {
  type BlogPost,
  type BlogPostInput,
  BlogPostInputSchema,
  type BlogPostValues,
} from '../../../shared/contracts/blog.ts';
import {
  BLOG_CATEGORIES,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  DEFAULT_BLOG_CATEGORY,
} from '../../../shared/rules/blog.ts';
import { NEW_POST_KEY } from '../../../shared/rules/blog-revisions.ts';
import { scheduleProblem } from '../../../shared/rules/blog-schedule.ts';
import { localizedPath } from '../../../shared/rules/locales.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import { cx } from '../../lib/class-names.ts';
import { CHECK_FROM_FIRST_SUBMIT, useZodForm } from '../../lib/use-zod-form.ts';
import { Button } from '../../ui/button.tsx';
import { ImageUploadButton } from '../../ui/image-upload-button.tsx';
import {
  FieldShell,
  fieldControlProps,
  TextAreaField,
  TextField,
  VERBATIM_INPUT,
} from '../../ui/text-field.tsx';
import { useDraftAutosave } from './draft-autosave.ts';
import { DraftBanner } from './draft-banner.tsx';
import { DraftStatusLine } from './draft-status.tsx';
import { FeatureImageField } from './feature-image-field.tsx';
import { useMarkdownImages } from './markdown-images.tsx';
import { MarkdownPreview } from './markdown-preview.tsx';
import { PublishingChoice } from './publishing-choice.tsx';
import { discardAutosave } from './revisions-api.ts';
import { RevisionsDialog } from './revisions-dialog.tsx';
import { initialSlugFollowsTitle, slugFollowsAfterEdit, slugForTitle } from './slug-follow.ts';
import { TranslationFields } from './translation-fields.tsx';

/** Every field the server may name in a 400 or 409 answer. */
const SERVER_FIELDS = [
  'title',
  'description',
  'content',
  'slug',
  'category',
  'image',
  'imageAlt',
  'isPublished',
  'scheduledAt',
  'language',
  'translationId',
] as const satisfies readonly Path<BlogPostInput>[];

export const EMPTY_BLOG_POST: Required<BlogPostInput> = {
  title: '',
  description: '',
  content: '',
  slug: '',
  category: DEFAULT_BLOG_CATEGORY,
  image: '',
  imageAlt: '',
  // The server names the signed-in author (their display name) on the byline.
  author: '',
  isPublished: false,
  scheduledAt: null,
  language: 'en',
  translationId: null,
};

/** The server's checks, and a schedule's against this browser's clock (the server checks it against its own). */
const BlogPostFormSchema = BlogPostInputSchema.superRefine((values, context) => {
  const problem = scheduleProblem(values, Date.now());
  if (problem) context.addIssue({ code: 'custom', path: ['scheduledAt'], message: problem });
});

/** The form's starting values: the post being edited, or an empty draft. */
export function blogPostFormValues(post?: BlogPost): Required<BlogPostInput> {
  if (!post) return EMPTY_BLOG_POST;
  const { title, description, content, slug, category, image, imageAlt, author, isPublished, scheduledAt } =
    post;
  const { language, translationId } = post;
  return {
    title,
    description,
    content,
    slug,
    category,
    image,
    imageAlt,
    author,
    isPublished,
    scheduledAt,
    language,
    translationId,
  };
}

type ContentTab = 'write' | 'preview';
const CONTENT_HINT = 'Markdown: ## headings, - lists, **bold**, [links](https://…).';

export interface BlogPostFormProps {
  id: string;
  /** The post being edited (with its content); absent when a new post is created. */
  post?: BlogPost;
  /**
   * Sends the values, and the version of the post the form started from, to the server; a refusal is shown
   * under the fields and in a toast here.
   */
  onSave: (values: BlogPostValues, version?: number) => Promise<BlogPost>;
  onSaved: (post: BlogPost) => void;
  /** One of the post's revisions was restored: the form should start again from the post as it is now. */
  onRestored?: (post: BlogPost) => void;
  onDirtyChange: (dirty: boolean) => void;
}

/** The create/edit form of a blog post; its submit and Cancel buttons live in the modal's footer. */
export function BlogPostForm({ id, post, onSave, onSaved, onRestored, onDirtyChange }: BlogPostFormProps) {
  const editing = post !== undefined;
  // The post as the form opened it: a refetch of the post must not move the version a save names.
  const [opened] = useState(() => post);
  const postKey = opened?._id ?? NEW_POST_KEY;
  const baseVersion = opened?.version ?? null;
  const [startingValues] = useState(() => blogPostFormValues(opened));
  const [conflict, setConflict] = useState<string | null>(null);
  const [showingRevisions, setShowingRevisions] = useState(false);
  const categoryId = useId();
  const contentId = useId();
  const [tab, setTab] = useState<ContentTab>('write');
  const slugFollowsTitle = useRef(initialSlugFollowsTitle(editing));
  const { field, ...form } = useZodForm(BlogPostFormSchema, {
    defaultValues: blogPostFormValues(post),
    ...CHECK_FROM_FIRST_SUBMIT,
  });
  const { errors, isDirty } = form.formState;
  const content = useWatch({ control: form.control, name: 'content' }) ?? '';
  const isPublished = useWatch({ control: form.control, name: 'isPublished' }) ?? false;
  const title = useWatch({ control: form.control, name: 'title' }) ?? '';
  const language = useWatch({ control: form.control, name: 'language' }) ?? 'en';
  const blogPrefix = `${localizedPath(language, '/blog')}/`;
  const { watch, getValues } = form;
  const autosave = useDraftAutosave({
    postKey,
    baseVersion,
    values: getValues,
    watch: useCallback((onChange: () => void) => watch(() => onChange()), [watch]),
  });

  /** The post is saved (or restored): its draft has served. */
  const draftDone = () => {
    autosave.stop();
    void discardAutosave(postKey);
  };
  const image = useWatch({ control: form.control, name: 'image' }) ?? '';
  const contentArea = useRef<HTMLTextAreaElement | null>(null);
  // Registered where the textarea is, after the fields above it: an empty submit focuses the first of them.
  const registerContent = () => {
    const registered = form.register('content');
    return {
      ...registered,
      ref: (element: HTMLTextAreaElement | null) => {
        registered.ref(element);
        contentArea.current = element;
      },
    };
  };
  const markdownImages = useMarkdownImages({
    textarea: contentArea,
    getText: () => form.getValues('content') ?? '',
    setText: (text) => form.setValue('content', text, { shouldDirty: true }),
  });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const titleField = field('title', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugFollowsTitle.current) return;
      form.setValue('slug', slugForTitle(event.target.value, form.getValues('slug'), true), {
        shouldDirty: true,
      });
      // A "Slug is required" already shown goes once the title gives a slug.
      if (form.getFieldState('slug').invalid) void form.trigger('slug');
    },
  });
  const slugField = field('slug', {
    onChange: (event: { target: { value: string } }) => {
      slugFollowsTitle.current = slugFollowsAfterEdit(event.target.value, form.getValues('title'), editing);
    },
  });

  const onSubmit = form.handleSubmit(
    (values) =>
      onSave(values, baseVersion ?? undefined).then(
        (saved) => {
          draftDone();
          onSaved(saved);
        },
        (error: unknown) => {
          form.showRefusal(error, SERVER_FIELDS, BLOG_MESSAGES.saveFailed);
          if (error instanceof ApiRequestError && error.fieldErrors.content) setTab('write');
          // Someone else saved meanwhile: the message stays in view, and every value typed stays in the form.
          if (error instanceof ApiRequestError && error.status === 409 && !error.fieldErrors.slug) {
            setConflict(error.message);
          }
        },
      ),
    (invalid) => {
      // The content's message and its textarea are on the Write tab.
      if (invalid.content) setTab('write');
    },
  );

  return (
    <form id={id} onSubmit={onSubmit} noValidate className="space-y-4">
      <DraftBanner
        postKey={postKey}
        startingValues={startingValues}
        version={baseVersion}
        onRestore={(draft) => {
          for (const [name, value] of Object.entries(draft)) {
            if (value !== undefined) form.setValue(name as keyof BlogPostInput, value, { shouldDirty: true });
          }
          slugFollowsTitle.current = slugFollowsAfterEdit(
            form.getValues('slug'),
            form.getValues('title'),
            editing,
          );
          autosave.markKept();
        }}
      />
      {conflict && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {conflict}
        </p>
      )}
      <TextField label="Title" autoComplete="off" maxLength={BLOG_LIMITS.title} {...titleField} />
      <TextAreaField
        label="Description"
        hint="A short preview shown on the blog's list."
        rows={2}
        maxLength={BLOG_LIMITS.description}
        {...field('description')}
      />

      <FieldShell id={contentId} label="Content" hint={CONTENT_HINT} error={errors.content?.message}>
        <Tabs.Root value={tab} onValueChange={(value) => setTab(value as ContentTab)}>
          <Tabs.List aria-label="Content editor" className="mb-2 flex gap-1 rounded-lg bg-slate-100 p-1">
            {(['write', 'preview'] as const).map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cx(
                  'min-h-9 flex-1 rounded-md px-3 text-sm font-medium text-slate-600 sm:flex-none',
                  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
                  'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
                )}
              >
                {value === 'write' ? 'Write' : 'Preview'}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* Kept mounted so the text, its undo history and the field's ref survive a look at the preview. */}
          <Tabs.Content value="write" forceMount className="data-[state=inactive]:hidden">
            <textarea
              rows={12}
              maxLength={BLOG_LIMITS.content}
              spellCheck
              {...fieldControlProps(contentId, {
                hint: CONTENT_HINT,
                error: errors.content?.message,
                className: 'font-mono text-sm',
              })}
              {...registerContent()}
              {...markdownImages.handlers}
            />
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <ImageUploadButton
                label="Insert image"
                onFile={markdownImages.choose}
                disabled={markdownImages.busy}
              />
              {markdownImages.status}
            </div>
            {markdownImages.dialog}
          </Tabs.Content>
          <Tabs.Content value="preview" className="focus-visible:outline-2 focus-visible:outline-indigo-600">
            <MarkdownPreview content={content} active={tab === 'preview'} />
          </Tabs.Content>
        </Tabs.Root>
      </FieldShell>

      <TextField
        label="Slug"
        hint={
          editing
            ? `The post’s address: ${blogPrefix}<slug>. Changing it breaks links already shared.`
            : `The post’s address: ${blogPrefix}<slug>.`
        }
        {...VERBATIM_INPUT}
        maxLength={BLOG_LIMITS.slug}
        {...slugField}
      />

      <TranslationFields
        control={form.control}
        postId={opened?._id}
        errors={{ language: errors.language?.message, translationId: errors.translationId?.message }}
        clearTranslation={() => form.setValue('translationId', null, { shouldDirty: true })}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id={categoryId} label="Category" error={errors.category?.message}>
          <select
            {...fieldControlProps(categoryId, { error: errors.category?.message })}
            {...form.register('category')}
          >
            {BLOG_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </FieldShell>
        <FeatureImageField
          image={image}
          onUploaded={(url) => {
            form.setValue('image', url, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
            form.setFocus('imageAlt');
          }}
        >
          <TextField
            label="Image URL"
            type="url"
            inputMode="url"
            placeholder="https://…"
            hint="Optional: an address, or upload, drop or paste an image."
            autoComplete="off"
            maxLength={BLOG_LIMITS.image}
            {...field('image')}
          />
        </FeatureImageField>
      </div>
      <TextField
        label="Image description (alt text)"
        hint="What the image shows, for readers who cannot see it. Leave it empty if it is only decoration."
        autoComplete="off"
        maxLength={300}
        {...field('imageAlt')}
      />

      <Controller
        control={form.control}
        name="scheduledAt"
        render={({ field, fieldState }) => (
          <PublishingChoice
            value={{ isPublished, scheduledAt: field.value ?? null }}
            onChange={(next) => {
              form.setValue('isPublished', next.isPublished, { shouldDirty: true });
              field.onChange(next.scheduledAt);
            }}
            published={post?.isPublished ?? false}
            error={fieldState.error?.message ?? errors.isPublished?.message}
            inputRef={field.ref}
          />
        )}
      />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <DraftStatusLine status={autosave.status} />
        {opened && (
          <Button variant="secondary" onClick={() => setShowingRevisions(true)}>
            <History aria-hidden="true" className="size-4" />
            Revisions
          </Button>
        )}
      </div>
      {opened && (
        <RevisionsDialog
          open={showingRevisions}
          onOpenChange={setShowingRevisions}
          postId={opened._id}
          current={{ title, content }}
          version={opened.version}
          dirty={isDirty}
          onRestored={(restored) => {
            setShowingRevisions(false);
            draftDone();
            onRestored?.(restored);
          }}
        />
      )}
    </form>
  );
}
