import { Bot, Flame, RotateCcw, Trophy } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { INTL_LOCALE } from '../../../shared/rules/locales.ts';
import { DIFFICULTY_LEVELS, type DifficultyId, HUMAN } from '../../../shared/rules/tic-tac-toe-engine.ts';
import {
  type GameStatus,
  gameReducer,
  gameStatus,
  INITIAL_GAME_STATE,
  ROBOT_REPLY_DELAY_MS,
  robotReply,
} from '../../../shared/rules/tic-tac-toe-game-state.ts';
import { useCopy, usePageLocale } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { DifficultyPicker, DifficultyStars } from './difficulty-picker.tsx';
import { GameBoard } from './game-board.tsx';
import { announcementOf } from './game-view.ts';

/** Side by side even on a phone, where both must show above the tab bar once a game ends. */
const END_BUTTON =
  'inline-flex min-h-12 items-center justify-center rounded-full px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:px-6 sm:text-base';

const STATUS_CLASSES: Record<GameStatus, string> = {
  victory: 'text-emerald-700',
  robotWins: 'text-rose-700',
  draw: 'text-slate-800',
  yourTurn: 'text-indigo-700',
  robotThinking: 'text-slate-700',
};

/**
 * The public layout's sticky header covers the top of the screen (hence the game's scroll-mt-20), and its
 * tab bar the bottom of a phone's.
 */
const TOP_BAR_ALLOWANCE_PX = 80;
const BOTTOM_BAR_ALLOWANCE_PX = 64;

/** Arrow keys start from the centre: every cell is at most two presses away. */
const FIRST_ACTIVE_CELL = 4;

/** One figure of the score, in a <dl>: the label first for screen readers ("You (X): 2"), the figure on top. */
function ScoreTile({ value, label }: { value: number; label: string }) {
  const locale = usePageLocale();
  return (
    <div className="flex flex-col-reverse rounded-xl bg-white/90 px-2 py-2 text-center shadow-sm ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
      <dd className="text-xl font-extrabold text-indigo-700 sm:text-2xl">
        {value.toLocaleString(INTL_LOCALE[locale])}
      </dd>
    </div>
  );
}

/**
 * The game: difficulty selection, then the board with the score, the streak and the status line. The rules
 * and the score live in the pure `gameReducer`; this component draws its state, schedules the robot's reply
 * and moves focus when the screen changes.
 */
export function TicTacToe({
  onLive,
}: {
  /** Called once the game is live (its island, decision 062). */ onLive?: () => void;
}) {
  const copy = useCopy('game');
  const [state, dispatch] = useReducer(gameReducer, INITIAL_GAME_STATE);
  const [active, setActive] = useState(FIRST_ACTIVE_CELL);
  const cellRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const chooseHeadingRef = useRef<HTMLHeadingElement>(null);
  const gameRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<'board' | 'choice' | null>(null);
  const endButtonsRef = useRef<HTMLDivElement>(null);

  useEffect(() => onLive?.(), [onLive]);

  // The robot replies ROBOT_REPLY_DELAY_MS after the human's move. Ignored clicks leave the state as it
  // is, so they do not restart the wait; a reset or a new game changes it, which cancels the reply.
  useEffect(() => {
    const reply = robotReply(state, Math.random);
    if (!reply) return;
    const timer = setTimeout(() => dispatch(reply), ROBOT_REPLY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state]);

  // The button just pressed disappears with its screen: focus goes where the visitor continues. On a
  // phone the board screen does not fit below the page's heading, nor below Play Again once scrolled down
  // to it: it scrolls to fill the screen, so the score, the status line and the board show together.
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'board') {
      const box = gameRef.current?.getBoundingClientRect();
      if (
        box &&
        (box.top < TOP_BAR_ALLOWANCE_PX || box.bottom > window.innerHeight - BOTTOM_BAR_ALLOWANCE_PX)
      ) {
        gameRef.current?.scrollIntoView({ block: 'start' });
      }
      cellRefs.current[active]?.focus({ preventScroll: true });
    } else if (target === 'choice') {
      chooseHeadingRef.current?.focus();
    }
  });

  // A game that ends shows what comes next: where the two buttons fall under the phone's tab bar, the page
  // moves up just enough to show them.
  useEffect(() => {
    if (state.outcome.status === 'playing') return;
    const box = endButtonsRef.current?.getBoundingClientRect();
    const below = box ? box.bottom - (window.innerHeight - BOTTOM_BAR_ALLOWANCE_PX) : 0;
    if (below > 0) window.scrollBy({ top: below, behavior: 'instant' });
  }, [state.outcome.status]);

  const choose = (mode: DifficultyId) => {
    focusNext.current = 'board';
    setActive(FIRST_ACTIVE_CELL);
    dispatch({ type: 'start', mode });
  };
  const playAgain = () => {
    focusNext.current = 'board';
    dispatch({ type: 'playAgain' });
  };
  const reset = () => {
    focusNext.current = 'choice';
    dispatch({ type: 'reset' });
  };

  const { mode, score, streak, outcome } = state;
  const status = gameStatus(state);
  return (
    <div className="mt-8">
      {mode === null ? (
        <DifficultyPicker headingRef={chooseHeadingRef} onChoose={choose} />
      ) : (
        <div ref={gameRef} className="scroll-mt-20 space-y-4">
          <div className="flex items-center justify-between gap-3 rounded-2xl bg-white/90 py-2 pr-2 pl-4 shadow-sm ring-1 ring-slate-200">
            <h2 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-lg font-bold text-slate-900">
              {copy(`difficulties.${mode}.name`)}
              <DifficultyStars level={DIFFICULTY_LEVELS[mode].level} />
            </h2>
            <button
              type="button"
              onClick={reset}
              aria-label={copy('reset')}
              title={copy('reset')}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 transition-colors hover:bg-indigo-50 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <RotateCcw aria-hidden="true" className="size-5" />
            </button>
          </div>

          <div>
            <h3 className="sr-only">{copy('scoreLabel')}</h3>
            <dl className="grid grid-cols-3 gap-2 sm:gap-3">
              <ScoreTile value={score.player} label={copy('score.player')} />
              <ScoreTile value={score.draws} label={copy('score.draws')} />
              <ScoreTile value={score.ai} label={copy('score.ai')} />
            </dl>
          </div>

          {streak > 0 && (
            <p className="flex items-center justify-center gap-2 rounded-full bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
              <Flame aria-hidden="true" className="size-4 text-amber-600" />
              {copy('streak', { count: streak })}
            </p>
          )}

          <p
            className={cx(
              'flex items-center justify-center gap-2 text-2xl font-extrabold tracking-tight',
              STATUS_CLASSES[status],
            )}
          >
            {status === 'victory' && <Trophy aria-hidden="true" className="size-6" />}
            {(status === 'robotWins' || status === 'robotThinking') && (
              <Bot
                aria-hidden="true"
                className={cx('size-6', status === 'robotThinking' && 'motion-safe:animate-pulse')}
              />
            )}
            {copy(`status.${status}`)}
          </p>

          <GameBoard
            board={state.board}
            outcome={outcome}
            humanToMove={status === 'yourTurn'}
            active={active}
            onActiveChange={setActive}
            onPlay={(index) => dispatch({ type: 'play', player: HUMAN, index })}
            cellRefs={cellRefs}
          />

          {outcome.status !== 'playing' && (
            <div ref={endButtonsRef} className="grid grid-cols-2 gap-3 sm:flex sm:justify-center">
              <button
                type="button"
                onClick={playAgain}
                className={`${END_BUTTON} bg-indigo-700 text-white shadow-md shadow-indigo-700/25 hover:bg-indigo-800`}
              >
                {copy('playAgain')}
              </button>
              <button
                type="button"
                onClick={reset}
                className={`${END_BUTTON} bg-white text-indigo-800 ring-1 ring-indigo-200 hover:bg-indigo-50`}
              >
                {copy('changeDifficulty')}
              </button>
            </div>
          )}
        </div>
      )}
      <p role="status" className="sr-only">
        {announcementOf(state, copy)}
      </p>
    </div>
  );
}
