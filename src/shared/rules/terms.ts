import type { SiteSettings } from '../contracts/site-settings.ts';

/**
 * When the terms' own text (src/web/content/messages/{en,hi}/terms.json) last changed: move it forward with
 * any change of their meaning, so the page's "Last updated" tells a visitor the terms are new to them.
 */
export const TERMS_TEXT_CHANGED_AT = '2026-11-25T11:20:17.000Z';

/** The settings the terms quote ({product}, {users}, {rating}, {email}): a change of one changes the terms. */
export const TERMS_SETTINGS_FIELDS = ['brandName', 'usersCount', 'rating', 'supportEmail'] as const;

export function termsFactsOf(
  settings: SiteSettings,
): Pick<SiteSettings, (typeof TERMS_SETTINGS_FIELDS)[number]> {
  const { brandName, usersCount, rating, supportEmail } = settings;
  return { brandName, usersCount, rating, supportEmail };
}

/** The terms' "Last updated": the later of their text's change and that of the settings they quote. */
export function termsUpdatedAt(factsChangedAt: string | null): string {
  return factsChangedAt && factsChangedAt > TERMS_TEXT_CHANGED_AT ? factsChangedAt : TERMS_TEXT_CHANGED_AT;
}
