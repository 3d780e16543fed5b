import { Star } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import {
  DIFFICULTY_IDS,
  DIFFICULTY_LEVELS,
  type DifficultyId,
} from '../../../shared/rules/tic-tac-toe-engine.ts';
import { useCopy } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** Set once the picker has run in this page: shown again after a reset, it knows at once. */
let ranHere = false;

/** Whether the game runs in this page: false in the server's HTML and while hydrating, true from then on. */
function useRunning(): boolean {
  const [running, setRunning] = useState(ranHere);
  useEffect(() => {
    ranHere = true;
    setRunning(true);
  }, []);
  return running;
}

/** A level's 1 to 5 stars, read out as "3 of 5 stars" unless `silent` (the reading is said elsewhere). */
export function DifficultyStars({ level, silent = false }: { level: number; silent?: boolean }) {
  const copy = useCopy('game');
  return (
    <span className="flex shrink-0 items-center gap-0.5">
      {STARS.map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cx('size-4', star <= level ? 'fill-amber-400 text-amber-500' : 'text-slate-300')}
        />
      ))}
      {!silent && <span className="sr-only">{copy('stars', { level })}</span>}
    </span>
  );
}

/** The difficulty selection screen: five levels with their name, description and stars; one tap starts. */
export function DifficultyPicker({
  headingRef,
  onChoose,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  onChoose: (mode: DifficultyId) => void;
}) {
  const copy = useCopy('game');
  const running = useRunning();
  return (
    <section aria-labelledby="difficulty-heading">
      <h2
        id="difficulty-heading"
        ref={headingRef}
        // Focused after a reset, so a keyboard or screen reader user lands on the choice.
        tabIndex={-1}
        className="text-xl font-bold tracking-tight text-slate-900 outline-none"
      >
        {copy('chooseHeading')}
      </h2>
      {/* Without script the cards cannot start a game: the server's page says so, rather than let a tap do
          nothing, until the game runs here; the page's script hides it at once (page-behaviours.ts), before the
          game's island comes. (<noscript> is not it: a browser with script switched off by a data saver or
          DevTools may still parse it as text.) */}
      {!running && (
        <p
          data-without-script=""
          className="mt-3 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
        >
          {copy('needsScript')}
        </p>
      )}
      <ul className="mt-4 grid gap-3">
        {DIFFICULTY_IDS.map((id) => {
          const { level } = DIFFICULTY_LEVELS[id];
          return (
            <li key={id}>
              {/* The name is the visible text, name then description, with the stars read last: WCAG 2.5.3
                  wants the visible words, in their order, inside the name. */}
              <button
                type="button"
                onClick={() => onChoose(id)}
                className="w-full rounded-2xl bg-white/90 p-4 text-left shadow-sm ring-1 ring-slate-200 transition-colors hover:bg-indigo-50 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="flex items-center justify-between gap-3">
                  <span className="text-lg font-semibold text-slate-900">
                    {copy(`difficulties.${id}.name`)}
                  </span>
                  <DifficultyStars level={level} silent />
                </span>
                <span className="mt-1 block text-sm text-slate-700">
                  {copy(`difficulties.${id}.description`)}
                </span>
                <span className="sr-only"> {copy('stars', { level })}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
