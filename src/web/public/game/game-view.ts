import { type Cell, HUMAN } from '../../../shared/rules/tic-tac-toe-engine.ts';
import { type GameState, gameStatus } from '../../../shared/rules/tic-tac-toe-game-state.ts';
import type { Catalogues, MessageKey } from '../../i18n/catalogues.ts';
import type { CopyArguments } from '../../i18n/copy.tsx';

/** The game's texts in the page's language: `useCopy('game')`. */
export type GameCopy = (key: MessageKey<Catalogues['game']>, extra?: CopyArguments) => string;

/** A cell's row and column, from 1: how the board's cells are named. */
const rowAndColumn = (index: number) => ({ row: Math.floor(index / 3) + 1, column: (index % 3) + 1 });

/** A cell's name on the board: "Row 2, column 3, X", with ", winning line" when it is in that line. */
export function cellLabel(copy: GameCopy, index: number, mark: Cell, inWinningLine: boolean): string {
  return copy(inWinningLine ? 'cellInWinningLine' : 'cell', {
    ...rowAndColumn(index),
    mark: mark ?? copy('emptyCell'),
  });
}

/**
 * The cell a key moves the board's focus to from `index`: arrows by one cell without wrapping (as in a
 * data grid), Home and End to the row's ends, with Ctrl (or Cmd) to the board's first and last cell.
 * Null for any other key.
 */
export function cellAfterKey(key: string, withCtrl: boolean, index: number): number | null {
  const row = Math.floor(index / 3);
  const column = index % 3;
  switch (key) {
    case 'ArrowRight':
      return row * 3 + Math.min(2, column + 1);
    case 'ArrowLeft':
      return row * 3 + Math.max(0, column - 1);
    case 'ArrowDown':
      return Math.min(2, row + 1) * 3 + column;
    case 'ArrowUp':
      return Math.max(0, row - 1) * 3 + column;
    case 'Home':
      return withCtrl ? 0 : row * 3;
    case 'End':
      return withCtrl ? 8 : row * 3 + 2;
    default:
      return null;
  }
}

/**
 * What the live region says about the latest change: a new game, or the last move (the human's or the
 * robot's) followed by what happens next (the result, or whose turn it is). Empty on the selection screen.
 */
export function announcementOf(state: GameState, copy: GameCopy): string {
  if (state.mode === null) return '';
  if (state.lastMove === null) {
    return copy('announce.newGame', { level: copy(`difficulties.${state.mode}.name`) });
  }
  const move = copy(
    state.board[state.lastMove] === HUMAN ? 'announce.humanMove' : 'announce.robotMove',
    rowAndColumn(state.lastMove),
  );
  return `${move} ${copy(`announce.after.${gameStatus(state)}`)}`;
}
