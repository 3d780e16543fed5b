import { ChevronDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cx } from '../../lib/class-names.ts';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  /** Prefix of the elements' ids, unique on the page. */
  idPrefix: string;
  items: readonly AccordionItem[];
  /** The heading level of the item titles, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** The item open at first, if any. */
  defaultOpen?: string | null;
}

/**
 * An accordion with one item open at a time (SPEC: FAQ and detailed terms): opening an item closes the
 * other, and activating the open one closes it. WAI-ARIA accordion pattern: each title is a button in a
 * heading with aria-expanded and aria-controls; each panel is a region (a named section) labelled by its button. Closed panels
 * stay in the HTML (hidden), so the server-rendered page holds every answer.
 */
export function Accordion({ idPrefix, items, headingLevel = 3, defaultOpen = null }: AccordionProps) {
  const [openId, setOpenId] = useState<string | null>(defaultOpen);
  const Heading = `h${headingLevel}` as const;

  return (
    <div className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${idPrefix}-button-${item.id}`;
        const panelId = `${idPrefix}-panel-${item.id}`;
        return (
          <div key={item.id}>
            <Heading className="text-base font-semibold text-slate-900">
              <button
                type="button"
                id={buttonId}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className={cx(
                  'flex w-full items-center justify-between gap-4 px-5 py-4 text-left transition-colors hover:bg-slate-50',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600',
                  open && 'bg-slate-50 text-indigo-800',
                )}
              >
                <span>{item.title}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={cx(
                    'size-5 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none',
                    open && 'rotate-180 text-indigo-700',
                  )}
                />
              </button>
            </Heading>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pt-1 pb-5 text-slate-700"
            >
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
