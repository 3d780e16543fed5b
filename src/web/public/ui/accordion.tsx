import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  /** Prefix of the elements' ids, unique on the page; also the name that groups its items. */
  idPrefix: string;
  items: readonly AccordionItem[];
  /** The heading level of the item titles, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** The item open at first, if any. */
  defaultOpen?: string | null;
}

/**
 * An accordion with one item open at a time (the FAQs, the detailed terms): opening an item closes the
 * other, and activating the open one closes it. Each item is a <details> whose <summary> holds the title's
 * heading, so it opens with the keyboard, tells screen readers whether it is expanded, and works without
 * script. Items sharing a `name` are exclusive in the browser itself (no page hydrates it: decision 062).
 * Closed answers stay in the HTML, so the server-rendered page holds them all.
 */
export function Accordion({ idPrefix, items, headingLevel = 3, defaultOpen = null }: AccordionProps) {
  const Heading = `h${headingLevel}` as const;

  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item) => {
        const headingId = `${idPrefix}-heading-${item.id}`;
        return (
          <details key={item.id} name={idPrefix} open={item.id === defaultOpen} className="group">
            <summary
              className={cx(
                'flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-slate-900 transition-colors hover:bg-slate-50 [&::-webkit-details-marker]:hidden',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                'group-open:bg-slate-50 group-open:text-indigo-800',
              )}
            >
              <Heading id={headingId} className="text-base font-semibold">
                {item.title}
              </Heading>
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 group-open:text-indigo-700 motion-reduce:transition-none"
              />
            </summary>
            <section aria-labelledby={headingId} className="px-5 pt-1 pb-5 text-slate-700">
              {item.content}
            </section>
          </details>
        );
      })}
    </div>
  );
}
