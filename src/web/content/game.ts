import type { DifficultyId } from '../../shared/rules/tic-tac-toe-engine.ts';
import type { GameStatus } from '../../shared/rules/tic-tac-toe-game-state.ts';

/**
 * The tic-tac-toe game's texts (SPEC section 2 "Tic-tac-toe game", section 4). They load with the game's
 * page; the page's head is GAME_COPY in pages.ts, which every page loads with the routes.
 */

/** The game page's heading and lead above the board. */
export const GAME_PAGE_COPY = {
  heading: 'Tic-tac-toe',
  lead: 'Can you beat the {product} robot? You are X and you move first.',
} as const;

export interface DifficultyOption {
  name: string;
  description: string;
}

/** "Row 2, column 3": how a cell is named, on the board and in the announcements. */
const cellName = (index: number) => `row ${Math.floor(index / 3) + 1}, column ${(index % 3) + 1}`;

export const TIC_TAC_TOE_COPY = {
  chooseHeading: 'Choose a difficulty',
  // The share of random moves is SPEC section 9's: the descriptions say what each level means in play.
  difficulties: {
    beginner: { name: 'Beginner', description: 'Every robot move is a random one. A gentle start.' },
    easy: { name: 'Easy', description: 'Random seven times out of ten: your first win is close.' },
    medium: { name: 'Medium', description: 'Plays the best move six times out of ten.' },
    hard: { name: 'Hard', description: 'Plays the best move nine times out of ten. Stay sharp.' },
    expert: { name: 'Expert', description: 'Never makes a mistake. A draw is a fine result.' },
  } satisfies Record<DifficultyId, DifficultyOption>,
  stars: (level: number) => `${level} of 5 stars`,
  reset: 'Reset the score and choose a difficulty',
  scoreLabel: 'Score',
  score: { player: 'You (X)', draws: 'Draws', ai: 'Robot (O)' },
  streak: (wins: number) => `${wins} ${wins === 1 ? 'win' : 'wins'} in a row!`,
  status: {
    victory: 'Victory',
    robotWins: 'Robot Wins',
    draw: 'Draw',
    yourTurn: 'Your Turn',
    robotThinking: 'Robot Thinking',
  } satisfies Record<GameStatus, string>,
  boardLabel: 'Tic-tac-toe board',
  cell: (index: number, mark: 'X' | 'O' | null, inWinningLine: boolean) => {
    const name = cellName(index);
    return `${name.charAt(0).toUpperCase()}${name.slice(1)}, ${mark ?? 'empty'}${inWinningLine ? ', winning line' : ''}`;
  },
  announce: {
    newGame: (level: string) => `New game at ${level}. You are X, your turn.`,
    humanMove: (index: number) => `You played ${cellName(index)}.`,
    robotMove: (index: number) => `The robot played ${cellName(index)}.`,
    after: {
      victory: 'Victory! You win.',
      robotWins: 'The robot wins.',
      draw: 'Draw: nobody wins.',
      yourTurn: 'Your turn.',
      robotThinking: 'The robot is thinking.',
    } satisfies Record<GameStatus, string>,
  },
  playAgain: 'Play Again',
  changeDifficulty: 'Change Difficulty',
} as const;
