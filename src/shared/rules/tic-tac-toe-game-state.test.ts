import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HUMAN, ROBOT } from './tic-tac-toe-engine.ts';
import {
  type GameAction,
  type GameState,
  gameReducer,
  gameStatus,
  INITIAL_GAME_STATE,
  isRobotTurn,
  robotReply,
  ZERO_SCORE,
} from './tic-tac-toe-game-state.ts';

const human = (index: number): GameAction => ({ type: 'play', player: HUMAN, index });
const robot = (index: number): GameAction => ({ type: 'play', player: ROBOT, index });
const run = (state: GameState, ...actions: GameAction[]) => actions.reduce(gameReducer, state);
const started = (mode: 'beginner' | 'expert' = 'beginner') =>
  run(INITIAL_GAME_STATE, { type: 'start', mode });

/** Moves alternating X, O, X, ... from a fresh game. */
const moves = (state: GameState, ...cells: number[]) =>
  run(state, ...cells.map((cell, turn) => (turn % 2 === 0 ? human(cell) : robot(cell))));

// Three finished games, each from a fresh board.
const humanWin = [4, 0, 1, 2, 7]; // X on 1-4-7
const robotWin = [1, 0, 2, 3, 5, 6]; // O on 0-3-6
const draw = [4, 0, 8, 2, 1, 7, 6, 3, 5];

describe('the game state', () => {
  it('starts on the difficulty selection, then on an empty board with the human (X) to move', () => {
    expect(INITIAL_GAME_STATE).toMatchObject({ mode: null, score: ZERO_SCORE, streak: 0 });
    const state = started('expert');
    expect(state).toMatchObject({ mode: 'expert', currentPlayer: HUMAN, outcome: { status: 'playing' } });
    expect(state.board.every((cell) => cell === null)).toBe(true);
    expect(gameStatus(state)).toBe('yourTurn');
  });

  it('hands the turn to the robot after the human moves, and back after the robot replies', () => {
    const afterHuman = run(started(), human(4));
    expect(afterHuman.board[4]).toBe('X');
    expect(afterHuman.lastMove).toBe(4);
    expect(isRobotTurn(afterHuman)).toBe(true);
    expect(gameStatus(afterHuman)).toBe('robotThinking');
    const afterRobot = run(afterHuman, robot(0));
    expect(afterRobot.board[0]).toBe('O');
    expect(afterRobot.lastMove).toBe(0);
    expect(gameStatus(afterRobot)).toBe('yourTurn');
  });

  it('ignores (returns the same state for) a taken cell, a move after the end, and a move out of turn', () => {
    const state = run(started(), human(4), robot(0));
    expect(gameReducer(state, human(4))).toBe(state);
    expect(gameReducer(state, human(0))).toBe(state);
    // The robot's turn: the human's clicks do nothing, and so does a robot move when the human is to move.
    const robotsTurn = run(state, human(1));
    expect(gameReducer(robotsTurn, human(2))).toBe(robotsTurn);
    expect(gameReducer(state, robot(2))).toBe(state);
    // Over: nothing more is played, by either side.
    const over = moves(started(), ...humanWin);
    expect(gameReducer(over, robot(3))).toBe(over);
    expect(gameReducer(over, human(3))).toBe(over);
    // No game yet: the board takes no moves.
    expect(gameReducer(INITIAL_GAME_STATE, human(4))).toBe(INITIAL_GAME_STATE);
  });

  it('shows Victory, Robot Wins and Draw with the winning line, and a human win adds to the score and streak', () => {
    const won = moves(started(), ...humanWin);
    expect(gameStatus(won)).toBe('victory');
    expect(won.outcome).toEqual({ status: 'won', winner: HUMAN, line: [1, 4, 7] });
    expect(won).toMatchObject({ score: { player: 1, ai: 0, draws: 0 }, streak: 1 });

    const lost = moves(started(), ...robotWin);
    expect(gameStatus(lost)).toBe('robotWins');
    expect(lost.outcome).toEqual({ status: 'won', winner: ROBOT, line: [0, 3, 6] });
    expect(lost).toMatchObject({ score: { player: 0, ai: 1, draws: 0 }, streak: 0 });

    const drawn = moves(started(), ...draw);
    expect(gameStatus(drawn)).toBe('draw');
    expect(drawn).toMatchObject({ score: { player: 0, ai: 0, draws: 1 }, streak: 0 });
  });

  it('keeps the score and streak over Play Again; a robot win or a draw resets the streak', () => {
    let state = moves(started(), ...humanWin);
    state = moves(run(state, { type: 'playAgain' }), ...humanWin);
    expect(state).toMatchObject({ mode: 'beginner', score: { player: 2, ai: 0, draws: 0 }, streak: 2 });

    const afterLoss = moves(run(state, { type: 'playAgain' }), ...robotWin);
    expect(afterLoss).toMatchObject({ score: { player: 2, ai: 1, draws: 0 }, streak: 0 });

    const again = moves(run(afterLoss, { type: 'playAgain' }), ...humanWin);
    expect(again.streak).toBe(1);
    const afterDraw = moves(run(again, { type: 'playAgain' }), ...draw);
    expect(afterDraw).toMatchObject({ score: { player: 3, ai: 1, draws: 1 }, streak: 0 });

    const fresh = run(afterDraw, { type: 'playAgain' });
    expect(fresh.board.every((cell) => cell === null)).toBe(true);
    expect(fresh).toMatchObject({ mode: 'beginner', currentPlayer: HUMAN, lastMove: null });
    expect(gameStatus(fresh)).toBe('yourTurn');
  });

  it('plays again only once a game is over', () => {
    const playing = run(started(), human(4));
    expect(gameReducer(playing, { type: 'playAgain' })).toBe(playing);
    expect(gameReducer(INITIAL_GAME_STATE, { type: 'playAgain' })).toBe(INITIAL_GAME_STATE);
  });

  it('returns to the selection with the score and streak zeroed on reset (Change Difficulty, reset icon)', () => {
    const scored = moves(run(moves(started(), ...humanWin), { type: 'playAgain' }), ...humanWin);
    expect(scored.streak).toBe(2);
    expect(run(scored, { type: 'reset' })).toEqual(INITIAL_GAME_STATE);
    // Also in the middle of a game, and the next level starts from zero.
    const midGame = run(scored, { type: 'playAgain' }, human(4));
    const next = run(midGame, { type: 'reset' }, { type: 'start', mode: 'expert' });
    expect(next).toMatchObject({ mode: 'expert', score: ZERO_SCORE, streak: 0 });
  });

  it("makes the robot's reply at the game's level, only on its turn", () => {
    const state = run(started('expert'), human(4));
    // Expert never plays at random: the first best cell, a corner, whatever the random source says.
    expect(robotReply(state, () => 0)).toEqual(robot(0));
    expect(robotReply(run(state, robot(0)), () => 0)).toBeNull();
    expect(robotReply(INITIAL_GAME_STATE, () => 0)).toBeNull();
    expect(robotReply(moves(started(), ...humanWin), () => 0)).toBeNull();
  });

  it('updates the score exactly once per finished game, whatever else is clicked or replayed', () => {
    const action = fc.oneof(
      { weight: 8, arbitrary: fc.record({ player: fc.constantFrom(HUMAN, ROBOT), index: fc.nat(8) }) },
      { weight: 1, arbitrary: fc.constant({ type: 'playAgain' } as const) },
      { weight: 1, arbitrary: fc.constant({ type: 'start', mode: 'medium' } as const) },
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 200 }), (actions) => {
        let state = started();
        let finished = 0;
        let wins = 0;
        let losses = 0;
        let draws = 0;
        for (const next of actions) {
          const before = state;
          state = gameReducer(state, 'type' in next ? next : { type: 'play', ...next });
          if (before.outcome.status === 'playing' && state.outcome.status !== 'playing') {
            finished++;
            if (state.outcome.status === 'draw') draws++;
            else if (state.outcome.winner === HUMAN) wins++;
            else losses++;
          }
        }
        expect(state.score).toEqual({ player: wins, ai: losses, draws });
        expect(state.score.player + state.score.ai + state.score.draws).toBe(finished);
      }),
    );
  });
});
