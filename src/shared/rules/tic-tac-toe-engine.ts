// The tic-tac-toe rules and the robot:
// pure functions, no randomness of their own (the random source is passed in), so tests are repeatable.

export type Player = 'X' | 'O';
export type Cell = Player | null;
/** Nine cells, row by row: index = row * 3 + column. */
export type Board = readonly Cell[];

/** The human plays X and moves first; the robot plays O. */
export const HUMAN: Player = 'X';
export const ROBOT: Player = 'O';

export const EMPTY_BOARD: Board = Array.from({ length: 9 }, () => null);

const WINNING_LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

export type Outcome =
  | { status: 'playing' }
  | { status: 'won'; winner: Player; line: readonly [number, number, number] }
  | { status: 'draw' };

export function outcomeOf(board: Board): Outcome {
  for (const line of WINNING_LINES) {
    const [a, b, c] = line;
    const player = board[a];
    if (player && player === board[b] && player === board[c]) return { status: 'won', winner: player, line };
  }
  return board.every((cell) => cell !== null) ? { status: 'draw' } : { status: 'playing' };
}

export function emptyCells(board: Board): number[] {
  const cells: number[] = [];
  board.forEach((cell, index) => {
    if (cell === null) cells.push(index);
  });
  return cells;
}

/** The board after `player` takes `index`; the same board when the move is not allowed. */
export function play(board: Board, index: number, player: Player): Board {
  if (board[index] !== null || outcomeOf(board).status !== 'playing') return board;
  return board.map((cell, at) => (at === index ? player : cell));
}

export const DIFFICULTY_IDS = ['beginner', 'easy', 'medium', 'hard', 'expert'] as const;
export type DifficultyId = (typeof DIFFICULTY_IDS)[number];

/** How often each level plays a random move instead of the best one, and its stars. */
export const DIFFICULTY_LEVELS: Record<DifficultyId, { level: 1 | 2 | 3 | 4 | 5; randomShare: number }> = {
  beginner: { level: 1, randomShare: 1 },
  easy: { level: 2, randomShare: 0.7 },
  medium: { level: 3, randomShare: 0.4 },
  hard: { level: 4, randomShare: 0.1 },
  expert: { level: 5, randomShare: 0 },
};

/** A number in [0, 1), like Math.random. */
export type RandomSource = () => number;

const other = (player: Player): Player => (player === 'X' ? 'O' : 'X');

/**
 * Full minimax with alpha-beta pruning from the robot's point of view: a robot win scores 10 - depth, a
 * human win depth - 10, a draw 0, so the robot wins as soon as it can and loses as late as it must.
 */
function minimax(board: Cell[], toMove: Player, depth: number, alpha: number, beta: number): number {
  const outcome = outcomeOf(board);
  if (outcome.status === 'won') return outcome.winner === ROBOT ? 10 - depth : depth - 10;
  if (outcome.status === 'draw') return 0;

  if (toMove === ROBOT) {
    let best = Number.NEGATIVE_INFINITY;
    for (const index of emptyCells(board)) {
      board[index] = ROBOT;
      best = Math.max(best, minimax(board, HUMAN, depth + 1, alpha, beta));
      board[index] = null;
      alpha = Math.max(alpha, best);
      if (alpha >= beta) break;
    }
    return best;
  }
  let best = Number.POSITIVE_INFINITY;
  for (const index of emptyCells(board)) {
    board[index] = HUMAN;
    best = Math.min(best, minimax(board, ROBOT, depth + 1, alpha, beta));
    board[index] = null;
    beta = Math.min(beta, best);
    if (alpha >= beta) break;
  }
  return best;
}

/** The robot's best cell and its minimax score; the first best cell in board order on a tie. */
export function bestRobotMove(board: Board): { index: number; score: number } {
  const scratch = [...board];
  let best = { index: -1, score: Number.NEGATIVE_INFINITY };
  for (const index of emptyCells(scratch)) {
    scratch[index] = ROBOT;
    const score = minimax(scratch, other(ROBOT), 1, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY);
    scratch[index] = null;
    if (score > best.score) best = { index, score };
  }
  if (best.index === -1) throw new Error('The robot has no move: the board is full');
  return best;
}

/**
 * The robot's move at a level: a random empty cell with the level's share of probability, the minimax
 * move otherwise. `random` says whether it was a random one (for tests and for the status line).
 */
export function robotMove(
  board: Board,
  difficulty: DifficultyId,
  random: RandomSource,
): { index: number; random: boolean } {
  const cells = emptyCells(board);
  if (cells.length === 0 || outcomeOf(board).status !== 'playing') {
    throw new Error('The robot cannot move: the game is over');
  }
  if (random() < DIFFICULTY_LEVELS[difficulty].randomShare) {
    const index = cells[Math.min(cells.length - 1, Math.floor(random() * cells.length))] as number;
    return { index, random: true };
  }
  return { index: bestRobotMove(board).index, random: false };
}
