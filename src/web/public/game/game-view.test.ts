import { beforeAll, describe, expect, it } from 'vitest';
import { HUMAN, ROBOT } from '../../../shared/rules/tic-tac-toe-engine.ts';
import {
  type GameAction,
  gameReducer,
  INITIAL_GAME_STATE,
} from '../../../shared/rules/tic-tac-toe-game-state.ts';
import { catalogueCopy } from '../../i18n/catalogue-copy.ts';
import { announcementOf, cellAfterKey, cellLabel, type GameCopy } from './game-view.ts';

const play = (...cells: number[]) =>
  cells.reduce(
    (state, index, turn) =>
      gameReducer(state, { type: 'play', player: turn % 2 === 0 ? HUMAN : ROBOT, index } as GameAction),
    gameReducer(INITIAL_GAME_STATE, { type: 'start', mode: 'medium' }),
  );

describe('moving on the board by keyboard', () => {
  it('moves one cell per arrow without wrapping, and to the ends with Home and End', () => {
    expect(cellAfterKey('ArrowRight', false, 4)).toBe(5);
    expect(cellAfterKey('ArrowRight', false, 5)).toBe(5);
    expect(cellAfterKey('ArrowLeft', false, 3)).toBe(3);
    expect(cellAfterKey('ArrowLeft', false, 4)).toBe(3);
    expect(cellAfterKey('ArrowDown', false, 1)).toBe(4);
    expect(cellAfterKey('ArrowDown', false, 7)).toBe(7);
    expect(cellAfterKey('ArrowUp', false, 7)).toBe(4);
    expect(cellAfterKey('ArrowUp', false, 2)).toBe(2);
    expect(cellAfterKey('Home', false, 5)).toBe(3);
    expect(cellAfterKey('End', false, 3)).toBe(5);
    expect(cellAfterKey('Home', true, 5)).toBe(0);
    expect(cellAfterKey('End', true, 3)).toBe(8);
    expect(cellAfterKey('Enter', false, 3)).toBeNull();
    expect(cellAfterKey('a', false, 3)).toBeNull();
  });
});

describe('what the live region announces', () => {
  let english: GameCopy;
  let hindi: GameCopy;
  beforeAll(async () => {
    english = await catalogueCopy('en', 'game');
    hindi = await catalogueCopy('hi', 'game');
  });

  it('says nothing on the selection screen, then the new game, each move and what comes next', () => {
    expect(announcementOf(INITIAL_GAME_STATE, english)).toBe('');
    expect(announcementOf(play(), english)).toBe('New game at Medium. You are X, your turn.');
    expect(announcementOf(play(1), english)).toBe('You played row 1, column 2. The robot is thinking.');
    expect(announcementOf(play(1, 8), english)).toBe('The robot played row 3, column 3. Your turn.');
  });

  it('announces the result with the move that ended the game', () => {
    expect(announcementOf(play(4, 0, 1, 2, 7), english)).toBe(
      'You played row 3, column 2. Victory! You win.',
    );
    expect(announcementOf(play(1, 0, 2, 3, 5, 6), english)).toBe(
      'The robot played row 3, column 1. The robot wins.',
    );
    expect(announcementOf(play(4, 0, 8, 2, 1, 7, 6, 3, 5), english)).toBe(
      'You played row 2, column 3. Draw: nobody wins.',
    );
  });

  it('names each cell by row and column, with its mark and whether it is in the winning line', () => {
    expect(cellLabel(english, 1, null, false)).toBe('Row 1, column 2, empty');
    expect(cellLabel(english, 6, 'O', false)).toBe('Row 3, column 1, O');
    expect(cellLabel(english, 4, 'X', true)).toBe('Row 2, column 2, X, winning line');
  });

  it('says all of it in Hindi on the Hindi page', () => {
    expect(announcementOf(INITIAL_GAME_STATE, hindi)).toBe('');
    expect(announcementOf(play(), hindi)).toBe('मध्यम लेवल पर नया गेम। आप X हैं, आपकी बारी है।');
    expect(announcementOf(play(1), hindi)).toBe('आपने पंक्ति 1, कॉलम 2 में चाल चली। रोबोट सोच रहा है।');
    expect(announcementOf(play(1, 0, 2, 3, 5, 6), hindi)).toBe(
      'रोबोट ने पंक्ति 3, कॉलम 1 में चाल चली। रोबोट जीत गया।',
    );
    expect(cellLabel(hindi, 1, null, false)).toBe('पंक्ति 1, कॉलम 2, खाली');
    expect(cellLabel(hindi, 4, 'X', true)).toBe('पंक्ति 2, कॉलम 2, X, जीत वाली लाइन');
  });
});
