import type { PublicIslandId } from '../../../shared/pages/public-pages.ts';
import type { InquiryService } from '../../../shared/rules/contact-inquiries.ts';
import { useCopy } from '../../i18n/copy.tsx';

/** The four services shown as tiles; the form offers these plus 'Other'. */
const TILE_SERVICES = [
  'business-consultation',
  'digital-marketing',
  'technical-support',
  'financial-advisory',
] as const satisfies readonly InquiryService[];

// A coloured edge tells the tiles apart; icons would cost the page more script than it can spare.
const ACCENTS = ['border-indigo-500', 'border-pink-500', 'border-sky-500', 'border-amber-500'];

/**
 * The four services; choosing one opens the contact form with that service already selected: the island
 * reads the tile's service from its value, and without script the tile submits it to the form's own page.
 */
export function ServiceTiles({
  formId,
  island,
}: {
  /** The form a tile submits without script, naming its service: it leads to the form's own page. */
  formId: string;
  /** The island a tile opens (decision 062). */
  island: PublicIslandId;
}) {
  const copy = useCopy('contact');
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {TILE_SERVICES.map((service, index) => {
        return (
          <li key={service}>
            {/* The button's name is all its visible text (WCAG 2.5.3: speech users say what they see). */}
            <button
              type="submit"
              form={formId}
              name="service"
              value={service}
              data-island={island}
              aria-haspopup="dialog"
              className={`group flex h-full w-full flex-col rounded-2xl border-l-4 bg-white p-5 text-left shadow-sm ring-1 ring-slate-200 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${ACCENTS[index]}`}
            >
              <span className="font-semibold text-slate-900">{copy(`services.${service}.title`)}</span>
              <span className="mt-1 flex-1 text-sm text-slate-600">
                {copy(`services.${service}.description`)}
              </span>
              <span
                aria-hidden="true"
                className="mt-3 text-sm font-semibold text-indigo-700 group-hover:underline"
              >
                {copy('serviceTileAction')} →
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
