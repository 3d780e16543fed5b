import { useId } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import type { BlogPostInput } from '../../../shared/contracts/blog.ts';
import { LOCALES, type Locale } from '../../../shared/rules/locales.ts';
import { FieldShell, fieldControlProps } from '../../ui/text-field.tsx';
import { useTranslationCandidates } from './api.ts';

/** The languages as the back office (in English) names them. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', hi: 'Hindi (हिन्दी)' };
const OTHER_LANGUAGE: Record<Locale, Locale> = { en: 'hi', hi: 'en' };

/**
 * Which blog the post belongs to (English at /blog, Hindi at /hi/blog), and the post in the other language
 * it is a translation of: both pages then point at each other. A new language clears the link, which
 * would name a post in the same language.
 */
export function TranslationFields({
  control,
  postId,
  errors,
  clearTranslation,
}: {
  control: Control<BlogPostInput>;
  /** The post being edited (absent while it is created): its current partner is marked as such. */
  postId: string | undefined;
  errors: { language?: string | undefined; translationId?: string | undefined };
  clearTranslation: () => void;
}) {
  const languageId = useId();
  const translationId = useId();
  const language = useWatch({ control, name: 'language' }) ?? 'en';
  const other = OTHER_LANGUAGE[language];
  const candidates = useTranslationCandidates(other);
  const hint = `A post in ${LANGUAGE_NAMES[other]}: both pages then link to each other.`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Controller
        control={control}
        name="language"
        render={({ field }) => (
          <FieldShell id={languageId} label="Language" error={errors.language}>
            <select
              {...fieldControlProps(languageId, { error: errors.language })}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={field.value ?? 'en'}
              onChange={(event) => {
                field.onChange(event.target.value as Locale);
                clearTranslation();
              }}
            >
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {LANGUAGE_NAMES[locale]}
                </option>
              ))}
            </select>
          </FieldShell>
        )}
      />
      <Controller
        control={control}
        name="translationId"
        render={({ field }) => {
          const value = field.value ?? '';
          const listed = candidates.data ?? [];
          const known = value === '' || listed.some((post) => post._id === value);
          return (
            <FieldShell id={translationId} label="Translation of" hint={hint} error={errors.translationId}>
              <select
                {...fieldControlProps(translationId, { hint, error: errors.translationId })}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={value}
                onChange={(event) => field.onChange(event.target.value || null)}
              >
                <option value="">None</option>
                {!known && <option value={value}>The linked post</option>}
                {listed.map((post) => (
                  <option key={post._id} value={post._id}>
                    {post.title}
                    {post.isPublished ? '' : ' (draft)'}
                    {post.translationId && post.translationId !== postId ? ' (linked to another post)' : ''}
                  </option>
                ))}
              </select>
            </FieldShell>
          );
        }}
      />
    </div>
  );
}
