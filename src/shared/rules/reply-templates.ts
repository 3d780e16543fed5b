/** Reply templates (decision 078): what a template may hold and how it is filled for one inquiry. */

export const REPLY_TEMPLATE_LIMITS = { title: 80, body: 1000 } as const;
/** Templates a team keeps: enough for every kind of answer, few enough to search by eye. */
export const REPLY_TEMPLATES_MAX = 200;

/** Filled from the inquiry, the business and the agent: `{name}` becomes the visitor's name. */
export const TEMPLATE_PLACEHOLDERS = ['name', 'service', 'brand', 'agent', 'hours'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

/** A blank the agent fills before sending: `[[price]]`. */
const BLANK = /\[\[([^[\]\n]{1,40})\]\]/g;
const PLACEHOLDER = /\{(name|service|brand|agent|hours)\}/g;

/** The blanks of a template, each once, in the order they first appear. */
export function templateBlanks(body: string): string[] {
  return [...new Set([...body.matchAll(BLANK)].map((match) => (match[1] ?? '').trim()))].filter(Boolean);
}

/**
 * The template's text for one inquiry: its placeholders from `values`, its blanks from what the agent typed
 * (a blank left empty disappears). A brace that names no placeholder stays as it was typed.
 */
export function fillTemplate(
  body: string,
  values: Record<TemplatePlaceholder, string>,
  blanks: Readonly<Record<string, string>> = {},
): string {
  return body
    .replace(PLACEHOLDER, (_match, name: TemplatePlaceholder) => values[name])
    .replace(BLANK, (_match, label: string) => blanks[label.trim()]?.trim() ?? '');
}
