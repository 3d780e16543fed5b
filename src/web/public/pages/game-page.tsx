import { Gamepad2 } from 'lucide-react';
import { Link } from 'react-router';
import { GAME_COPY } from '../../content/pages.ts';
import { BUTTON_SECONDARY } from '../ui/section.tsx';

/** The game's page at /tictactoe and /{Brand}Game; the game itself comes with its own issue. */
export function GamePage() {
  return (
    <section aria-labelledby="game-heading" className="mx-auto max-w-3xl px-4 py-16 text-center sm:py-24">
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700 ring-1 ring-indigo-100">
        <Gamepad2 aria-hidden="true" className="size-8" />
      </span>
      <h1
        id="game-heading"
        className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
      >
        {GAME_COPY.heading}
      </h1>
      <p className="mt-4 text-xl font-semibold text-slate-800">{GAME_COPY.body}</p>
      <p className="mt-2 text-slate-700">{GAME_COPY.detail}</p>
      <Link to="/contact" className={`${BUTTON_SECONDARY} mt-8`}>
        {GAME_COPY.contactLink}
      </Link>
    </section>
  );
}
