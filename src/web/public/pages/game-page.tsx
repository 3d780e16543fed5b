import { Gamepad2 } from 'lucide-react';
import { useCopy } from '../../i18n/copy.tsx';
import { TicTacToe } from '../game/tic-tac-toe.tsx';
import { IslandRoot } from '../island-root.tsx';

/**
 * The game's page at /tictactoe and /{Brand}Game, a page of islands (decision 062). The server renders the
 * difficulty selection; the game is the page's island, which comes to life when a visitor reaches for it.
 */
export function GamePage() {
  const copy = useCopy('game');
  return (
    <section aria-labelledby="game-heading" className="mx-auto max-w-md px-4 pt-6 pb-16 sm:pt-12">
      <header className="text-center">
        {/* Phones need the height for the board. */}
        <span className="hidden size-14 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700 ring-1 ring-indigo-100 sm:inline-flex">
          <Gamepad2 aria-hidden="true" className="size-7" />
        </span>
        <h1
          id="game-heading"
          className="text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:mt-4 sm:text-4xl"
        >
          {copy('heading')}
        </h1>
        <p className="mt-3 text-base text-pretty text-slate-700 sm:text-lg">{copy('lead')}</p>
      </header>
      <IslandRoot island="game">
        <TicTacToe />
      </IslandRoot>
    </section>
  );
}
