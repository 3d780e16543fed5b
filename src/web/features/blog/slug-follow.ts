import { slugify } from '../../../shared/rules/blog.ts';

/**
 * While a post is created, its slug follows the title (`slugify`) until the admin types a slug of their own.
 * An edited post keeps its slug: its address may already be shared.
 */
export function initialSlugFollowsTitle(editing: boolean): boolean {
  return !editing;
}

/** The slug to show after the title changed. */
export function slugForTitle(title: string, currentSlug: string, followsTitle: boolean): string {
  return followsTitle ? slugify(title) : currentSlug;
}

/**
 * Whether the slug still follows the title after the admin typed in the slug field. A slug typed by
 * hand stops following; emptying the field (or typing exactly what the title gives) hands it back.
 */
export function slugFollowsAfterEdit(slug: string, title: string, editing: boolean): boolean {
  if (editing) return false;
  return slug === '' || slug === slugify(title);
}
