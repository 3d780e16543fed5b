// The tic-tac-toe game's state and its transitions:
// a pure reducer, so the rules (which clicks count, when the score moves) are tested without a browser and
// the screen only draws the state and schedules the robot's reply.
import {
  type Board,
  type DifficultyId,
  EMPTY_BOARD,
  HUMAN,
  type Outcome,
  outcomeOf,
  type Player,
  play,
  type RandomSource,
  ROBOT,
  robotMove,
} from './tic-tac-toe-engine.ts';

/** The robot answers the human's move after this long. */
export const ROBOT_REPLY_DELAY_MS = 800;

export interface Score {
  player: number;
  ai: number;
  draws: number;
}

export const ZERO_SCORE: Score = { player: 0, ai: 0, draws: 0 };

export interface GameState {
  /** The chosen level; null while the visitor is choosing one (the difficulty selection screen). */
  mode: DifficultyId | null;
  board: Board;
  currentPlayer: Player;
  /** Playing, or won (with the winner and the winning line), or a draw. */
  outcome: Outcome;
  /** The cell played last, by either side: it bounces and is announced. */
  lastMove: number | null;
  score: Score;
  /** Human wins in a row. */
  streak: number;
}

export type GameAction =
  /** A difficulty was chosen on the selection screen: a new game at that level. */
  | { type: 'start'; mode: DifficultyId }
  /** A player takes a cell: the human from a click or key, the robot when its reply is due. */
  | { type: 'play'; player: Player; index: number }
  /** After a game: another one at the same level, keeping the score and streak. */
  | { type: 'playAgain' }
  /** Change Difficulty or the reset icon: back to the selection, score and streak zeroed. */
  | { type: 'reset' };

export const INITIAL_GAME_STATE: GameState = {
  mode: null,
  board: EMPTY_BOARD,
  currentPlayer: HUMAN,
  outcome: { status: 'playing' },
  lastMove: null,
  score: ZERO_SCORE,
  streak: 0,
};

/** A fresh board at `mode`, the human (X) to move, with the score and streak given. */
function newGame(mode: DifficultyId, score: Score, streak: number): GameState {
  return { ...INITIAL_GAME_STATE, mode, score, streak };
}

/** The score and streak once a game has ended with `outcome`. */
function scoreAfter(outcome: Outcome, score: Score, streak: number): { score: Score; streak: number } {
  if (outcome.status === 'draw') return { score: { ...score, draws: score.draws + 1 }, streak: 0 };
  if (outcome.status === 'won' && outcome.winner === HUMAN) {
    return { score: { ...score, player: score.player + 1 }, streak: streak + 1 };
  }
  if (outcome.status === 'won') return { score: { ...score, ai: score.ai + 1 }, streak: 0 };
  return { score, streak };
}

/**
 * The next state. An action that does not apply returns the very same state object (a click on a taken
 * cell, after the game is over or during the robot's turn; a robot move that is not due), so React skips
 * the render and a scheduled robot reply is not rescheduled. The score changes only on the move that
 * ends a game, and a finished game takes no further moves, so each game counts exactly once.
 */
export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'start':
      return state.mode === null ? newGame(action.mode, state.score, state.streak) : state;
    case 'play': {
      if (state.mode === null || action.player !== state.currentPlayer) return state;
      const board = play(state.board, action.index, action.player);
      if (board === state.board) return state;
      const outcome = outcomeOf(board);
      const { score, streak } = scoreAfter(outcome, state.score, state.streak);
      return {
        ...state,
        board,
        outcome,
        lastMove: action.index,
        currentPlayer: action.player === HUMAN ? ROBOT : HUMAN,
        score,
        streak,
      };
    }
    case 'playAgain':
      return state.mode !== null && state.outcome.status !== 'playing'
        ? newGame(state.mode, state.score, state.streak)
        : state;
    case 'reset':
      return state === INITIAL_GAME_STATE ? state : INITIAL_GAME_STATE;
  }
}

/** Whether the robot is to move now: a game is on, not over, and it is O's turn. */
export function isRobotTurn(state: GameState): boolean {
  return state.mode !== null && state.outcome.status === 'playing' && state.currentPlayer === ROBOT;
}

/** The robot's move at the game's level, as an action; null when it is not the robot's turn. */
export function robotReply(state: GameState, random: RandomSource): GameAction | null {
  if (!isRobotTurn(state) || state.mode === null) return null;
  return { type: 'play', player: ROBOT, index: robotMove(state.board, state.mode, random).index };
}

/** What the status line says: Victory, Robot Wins, Draw, Your Turn or Robot Thinking. */
export type GameStatus = 'victory' | 'robotWins' | 'draw' | 'yourTurn' | 'robotThinking';

export function gameStatus(state: GameState): GameStatus {
  const { outcome } = state;
  if (outcome.status === 'won') return outcome.winner === HUMAN ? 'victory' : 'robotWins';
  if (outcome.status === 'draw') return 'draw';
  return state.currentPlayer === HUMAN ? 'yourTurn' : 'robotThinking';
}
