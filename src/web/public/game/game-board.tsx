import { Circle, X } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';
import { type Board, HUMAN, type Outcome } from '../../../shared/rules/tic-tac-toe-engine.ts';
import { useCopy } from '../../i18n/copy.tsx';
import { cx } from '../../lib/class-names.ts';
import { cellAfterKey, cellLabel } from './game-view.ts';

const ROWS = [0, 1, 2] as const;

// A placed mark grows in with a slight overshoot over CELL_BOUNCE_MS (600 ms): a CSS transition from its
// @starting-style, so it needs no script and no keyframes, and stays still under reduced motion.
const MARK_BOUNCE =
  'motion-safe:transition-transform motion-safe:duration-600 motion-safe:ease-[cubic-bezier(0.34,1.56,0.64,1)] motion-safe:starting:scale-0';

interface GameBoardProps {
  board: Board;
  outcome: Outcome;
  /** Whether the human may play now: the game is on and it is X's turn. */
  humanToMove: boolean;
  /** The cell in the tab order (roving tabindex). */
  active: number;
  onActiveChange: (index: number) => void;
  onPlay: (index: number) => void;
  cellRefs: RefObject<(HTMLButtonElement | null)[]>;
}

/**
 * The board as a WAI-ARIA grid (a table with role="grid", as in the APG's data grid): one cell in the tab order, arrow keys (and Home, End) move between cells,
 * Enter or Space plays the focused cell. Each cell is a button named by its row, column and mark. A click
 * on a taken cell, after the game or during the robot's turn does nothing (the game's reducer ignores it).
 */
export function GameBoard({
  board,
  outcome,
  humanToMove,
  active,
  onActiveChange,
  onPlay,
  cellRefs,
}: GameBoardProps) {
  const copy = useCopy('game');
  const over = outcome.status !== 'playing';
  const line: readonly number[] = outcome.status === 'won' ? outcome.line : [];
  const humanWon = outcome.status === 'won' && outcome.winner === HUMAN;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = cellAfterKey(event.key, event.ctrlKey || event.metaKey, active);
    if (target === null) return;
    event.preventDefault();
    onActiveChange(target);
    cellRefs.current[target]?.focus();
  };

  return (
    // The APG's grid of buttons, without table elements: a board is not a data table (axe's td-has-header).
    // biome-ignore lint/a11y/useSemanticElements: a <table> would be a data table without headers
    <div
      role="grid"
      aria-label={copy('boardLabel')}
      onKeyDown={onKeyDown}
      className="mx-auto flex w-full max-w-84 flex-col gap-2 p-2"
    >
      {ROWS.map((row) => (
        // biome-ignore lint/a11y: the grid's rows are divs; focus goes to the buttons in the cells (roving tabindex)
        <div key={row} role="row" className="grid grid-cols-3 gap-2">
          {ROWS.map((column) => {
            const index = row * 3 + column;
            const mark = board[index] ?? null;
            const inLine = line.includes(index);
            const open = mark === null && !over;
            return (
              // biome-ignore lint/a11y: as for the row
              <div key={column} role="gridcell">
                <button
                  ref={(element) => {
                    cellRefs.current[index] = element;
                  }}
                  type="button"
                  tabIndex={index === active ? 0 : -1}
                  aria-label={cellLabel(copy, index, mark, inLine)}
                  aria-disabled={open ? undefined : true}
                  onClick={() => {
                    onActiveChange(index);
                    onPlay(index);
                  }}
                  onFocus={() => onActiveChange(index)}
                  className={cx(
                    'flex aspect-square w-full items-center justify-center rounded-2xl shadow-sm transition-colors',
                    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                    inLine
                      ? humanWon
                        ? 'bg-emerald-50 ring-2 ring-emerald-600'
                        : 'bg-rose-50 ring-2 ring-rose-600'
                      : 'bg-white ring-1 ring-slate-200',
                    open && humanToMove
                      ? 'cursor-pointer hover:bg-indigo-50 hover:ring-indigo-300'
                      : 'cursor-default',
                  )}
                >
                  {mark && (
                    <span
                      aria-hidden="true"
                      className={cx(
                        'flex size-3/5',
                        MARK_BOUNCE,
                        mark === HUMAN ? 'text-indigo-700' : 'text-rose-600',
                        line.length > 0 && !inLine && 'opacity-40',
                      )}
                    >
                      {mark === HUMAN ? (
                        <X className="size-full" strokeWidth={3} />
                      ) : (
                        <Circle className="size-full" strokeWidth={2.75} />
                      )}
                    </span>
                  )}
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
