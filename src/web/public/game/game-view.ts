import { HUMAN } from '../../../shared/rules/tic-tac-toe-engine.ts';
import { type GameState, gameStatus } from '../../../shared/rules/tic-tac-toe-game-state.ts';
import { TIC_TAC_TOE_COPY as COPY } from '../../content/game.ts';

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
export function announcementOf(state: GameState): string {
  if (state.mode === null) return '';
  if (state.lastMove === null) return COPY.announce.newGame(COPY.difficulties[state.mode].name);
  const move =
    state.board[state.lastMove] === HUMAN
      ? COPY.announce.humanMove(state.lastMove)
      : COPY.announce.robotMove(state.lastMove);
  return `${move} ${COPY.announce.after[gameStatus(state)]}`;
}
