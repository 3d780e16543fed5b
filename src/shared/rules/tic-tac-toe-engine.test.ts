import { describe, expect, it } from 'vitest';
import {
  type Board,
  bestRobotMove,
  DIFFICULTY_IDS,
  DIFFICULTY_LEVELS,
  EMPTY_BOARD,
  emptyCells,
  HUMAN,
  outcomeOf,
  play,
  type RandomSource,
  ROBOT,
  robotMove,
} from './tic-tac-toe-engine.ts';

/** mulberry32: a small seeded generator, the same numbers on every run. */
function seeded(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const board = (cells: string): Board => [...cells].map((cell) => (cell === '.' ? null : (cell as 'X' | 'O')));
const never: RandomSource = () => 0.999_999;

describe('the rules', () => {
  it('finds each of the eight lines for either player, a draw on a full board, and play otherwise', () => {
    expect(outcomeOf(board('XXX......'))).toMatchObject({ status: 'won', winner: 'X', line: [0, 1, 2] });
    expect(outcomeOf(board('..O.O.O..'))).toMatchObject({ status: 'won', winner: 'O', line: [2, 4, 6] });
    expect(outcomeOf(board('X..X..X..'))).toMatchObject({ status: 'won', winner: 'X', line: [0, 3, 6] });
    expect(outcomeOf(board('XOXXOOOXX'))).toEqual({ status: 'draw' });
    expect(outcomeOf(EMPTY_BOARD)).toEqual({ status: 'playing' });
  });

  it('ignores a move on a taken cell or after the game is over', () => {
    const taken = board('X........');
    expect(play(taken, 0, ROBOT)).toBe(taken);
    const over = board('XXX.OO...');
    expect(play(over, 3, ROBOT)).toBe(over);
    expect(play(taken, 4, ROBOT)).toEqual(board('X...O....'));
  });
});

describe('Expert', () => {
  /**
   * Plays every sequence of human moves against Expert from `start` (human to move) and returns how many
   * games ended in each way. Throws on a human win. Where the robot has a forced win (minimax score > 0)
   * every continuation must end in a robot win.
   */
  function everyGame(start: Board) {
    const results = { robot: 0, draw: 0, human: 0 };
    const walk = (position: Board, mustWin: boolean) => {
      for (const cell of emptyCells(position)) {
        const afterHuman = play(position, cell, HUMAN);
        const outcome = outcomeOf(afterHuman);
        if (outcome.status === 'won') {
          results.human += 1;
          throw new Error(`The human won: ${afterHuman.map((c) => c ?? '.').join('')}`);
        }
        if (outcome.status === 'draw') {
          if (mustWin)
            throw new Error(`A forced win became a draw: ${afterHuman.map((c) => c ?? '.').join('')}`);
          results.draw += 1;
          continue;
        }
        const forcedWin = mustWin || bestRobotMove(afterHuman).score > 0;
        const afterRobot = play(afterHuman, robotMove(afterHuman, 'expert', never).index, ROBOT);
        const next = outcomeOf(afterRobot);
        if (next.status === 'won') results.robot += 1;
        else if (next.status === 'draw') {
          if (forcedWin)
            throw new Error(`A forced win became a draw: ${afterRobot.map((c) => c ?? '.').join('')}`);
          results.draw += 1;
        } else walk(afterRobot, forcedWin);
      }
    };
    walk(start, false);
    return results;
  }

  it('never loses, over every possible sequence of human moves, and wins every game it can force', () => {
    const results = everyGame(EMPTY_BOARD);
    expect(results.human).toBe(0);
    // Every branch was played to its end: both kinds of ending occur.
    expect(results.robot).toBeGreaterThan(0);
    expect(results.draw).toBeGreaterThan(0);
  });

  it('takes a win at once rather than later, and blocks a human line it cannot beat', () => {
    // O can win at 2 now (row 0) or set up later: 10 - 1 beats anything deeper.
    expect(bestRobotMove(board('OO.XX.X..'))).toEqual({ index: 2, score: 9 });
    // X threatens 0-1-2 at 2; O must block.
    expect(bestRobotMove(board('XX..O....')).index).toBe(2);
  });

  it('scores a loss it cannot avoid as late as possible (depth - 10)', () => {
    // X threatens 2 (row 0) and 6 (column 0); O has no win of its own and can block only one: X wins
    // on its next move, two plies deep, so the best O can score is 2 - 10.
    expect(bestRobotMove(board('XX.XO...O')).score).toBe(-8);
  });
});

describe('the levels', () => {
  it.each(DIFFICULTY_IDS)(
    '%s plays a random move in its share of decisions, within 2 points',
    (difficulty) => {
      const random = seeded(20_261_121 + DIFFICULTY_LEVELS[difficulty].level);
      // Positions a robot meets mid-game (the share does not depend on them; few empty cells keep it quick).
      const positions = [board('X...O...X'), board('XO..X....'), board('XOX.O..X.'), board('X.O.X....')];
      let randomMoves = 0;
      const decisions = 10_000;
      for (let decision = 0; decision < decisions; decision += 1) {
        const position = positions[decision % positions.length] as Board;
        const move = robotMove(position, difficulty, random);
        expect(position[move.index]).toBeNull();
        if (move.random) randomMoves += 1;
      }
      const share = randomMoves / decisions;
      expect(Math.abs(share - DIFFICULTY_LEVELS[difficulty].randomShare)).toBeLessThanOrEqual(0.02);
    },
  );

  it('spreads random moves over every empty cell', () => {
    const random = seeded(7);
    const seen = new Set<number>();
    for (let i = 0; i < 500; i += 1) seen.add(robotMove(board('X...O....'), 'beginner', random).index);
    expect([...seen].sort()).toEqual([1, 2, 3, 5, 6, 7, 8]);
  });

  it('refuses to move when the game is over', () => {
    expect(() => robotMove(board('XXX.OO...'), 'expert', never)).toThrow();
    expect(() => robotMove(board('XOXXOOOXX'), 'beginner', never)).toThrow();
  });
});
