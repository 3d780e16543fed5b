import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectErrors, hydrated, seriousAxeViolations } from './support.ts';

/**
 * The tic-tac-toe game (its rules: src/shared/rules/tic-tac-toe-game-state.ts). The page's clock is
 * Playwright's: it stands still once the game starts, and the test moves it, so the robot's 800 ms reply
 * is timed exactly and never waited for.
 *
 * The robot is predictable here: Expert never plays at random (the first best cell), and with
 * Math.random fixed near 0, Beginner always takes the first empty cell.
 */

const FIRST_EMPTY_CELL = () => {
  Math.random = () => 0.01;
};

async function openGame(page: Page, { predictable = true } = {}) {
  if (predictable) await page.addInitScript(FIRST_EMPTY_CELL);
  await page.clock.install();
  await page.goto('/tictactoe');
  // The game is the page's island (decision 062): the pointer resting on it brings it to life.
  await level(page, 'Beginner').hover();
  await hydrated(level(page, 'Beginner'));
  // From here on the page's time stands still unless the test moves it.
  await page.clock.pauseAt(Date.now() + 60_000);
}

const level = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name} .* \\d of 5 stars$`) });
const board = (page: Page) => page.getByRole('grid', { name: 'Tic-tac-toe board' });
/** A cell by its row and column (1 to 3), whatever it holds. */
const cell = (page: Page, row: number, column: number) =>
  board(page).getByRole('button', { name: new RegExp(`^Row ${row}, column ${column},`) });
const announcement = (page: Page) => page.locator('main').getByRole('status');
const statusLine = (page: Page, text: string) => page.locator('main').getByText(text, { exact: true });
const STATUSES = ['Victory', 'Robot Wins', 'Draw', 'Your Turn', 'Robot Thinking'];

/** The status line shows `text` and none of the other four. */
async function expectStatus(page: Page, text: string) {
  await expect(statusLine(page, text)).toBeVisible();
  for (const other of STATUSES.filter((status) => status !== text)) {
    await expect(statusLine(page, other)).toHaveCount(0);
  }
}

async function expectScore(page: Page, score: { you: number; draws: number; robot: number }) {
  const tiles = page.locator('main dl > div');
  await expect(tiles).toHaveText([`You (X)${score.you}`, `Draws${score.draws}`, `Robot (O)${score.robot}`]);
}

/** Plays the human's cell with the mouse, then lets the robot's 800 ms pass unless the game is over. */
async function click(page: Page, row: number, column: number) {
  await cell(page, row, column).click();
  await page.clock.runFor(800);
}

/** Plays these cells in turn, each as `click` does. */
async function play(page: Page, cells: readonly (readonly [row: number, column: number])[]) {
  for (const [row, column] of cells) await click(page, row, column);
}

/** The cells of the board as a string, row by row: X, O or '.' for empty. */
async function boardText(page: Page): Promise<string> {
  const names = await board(page)
    .getByRole('button')
    .evaluateAll((cells) => cells.map((element) => element.getAttribute('aria-label') ?? ''));
  return names.map((name) => /, (X|O|empty)/.exec(name)?.[1]?.replace('empty', '.') ?? '?').join('');
}

/** axe waits on timers of its own: the page's clock runs while it checks, then stands still again. */
async function expectNoSeriousAxeViolationsOnRunningClock(page: Page) {
  await page.clock.resume();
  const serious = await seriousAxeViolations(page, undefined, { everyRule: true });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  expect(serious).toEqual([]);
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

test('a whole game by keyboard alone: grid keys, the robot after 800 ms, the result announced', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openGame(page);
  // The note for browsers without script goes once the game runs.
  await expect(page.getByText('If choosing a level does nothing')).toBeHidden();
  // Tab from the top of the page to the first level, as a keyboard user would.
  const beginner = level(page, 'Beginner');
  for (let presses = 0; presses < 40 && !(await isFocused(beginner)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(beginner).toBeFocused();
  // Its visible words are its name (WCAG 2.5.3).
  await expect(beginner).toHaveAccessibleName(
    'Beginner Every robot move is a random one. A gentle start. 1 of 5 stars',
  );
  await page.keyboard.press('Enter');

  // Focus is on the board, in its centre, and only that cell is in the tab order.
  await expect(cell(page, 2, 2)).toBeFocused();
  await expect(cell(page, 2, 2)).toHaveAccessibleName('Row 2, column 2, empty');
  await expect(board(page).locator('[tabindex="0"]')).toHaveCount(1);
  await expectStatus(page, 'Your Turn');
  await expect(announcement(page)).toHaveText('New game at Beginner. You are X, your turn.');

  await page.keyboard.press('Enter');
  await expect(cell(page, 2, 2)).toHaveAccessibleName('Row 2, column 2, X');
  await expectStatus(page, 'Robot Thinking');
  await expect(announcement(page)).toHaveText('You played row 2, column 2. The robot is thinking.');
  // The robot answers after 800 ms, not before.
  await page.clock.runFor(799);
  expect(await boardText(page)).toBe('....X....');
  await page.clock.runFor(1);
  await expect(cell(page, 1, 1)).toHaveAccessibleName('Row 1, column 1, O');
  await expectStatus(page, 'Your Turn');
  await expect(announcement(page)).toHaveText('The robot played row 1, column 1. Your turn.');
  await expect(cell(page, 2, 2)).toBeFocused();

  // Arrow keys move within the grid, without wrapping; Space plays too.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(cell(page, 1, 2)).toBeFocused();
  await expect(board(page).locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Space');
  await page.clock.runFor(800);
  expect(await boardText(page)).toBe('OXO.X....');

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(cell(page, 3, 2)).toBeFocused();
  await page.keyboard.press('Enter');
  await expectStatus(page, 'Victory');
  await expect(announcement(page)).toHaveText('You played row 3, column 2. Victory! You win.');
  // The winning line is marked, on screen and in the cells' names.
  for (const row of [1, 2, 3]) {
    await expect(cell(page, row, 2)).toHaveAccessibleName(
      new RegExp(`^Row ${row}, column 2, X, winning line$`),
    );
  }
  await expect(cell(page, 1, 2)).toHaveClass(/ring-emerald-600/);
  await expect(cell(page, 1, 1)).toHaveAccessibleName('Row 1, column 1, O');
  await expectScore(page, { you: 1, draws: 0, robot: 0 });
  await expect(page.getByText('1 win in a row!')).toBeVisible();
  await page.clock.runFor(5_000);
  expect(await boardText(page)).toBe('OXO.X..X.');

  // Play Again is next in the tab order; it keeps the score and brings focus back to the board.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Play Again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cell(page, 3, 2)).toBeFocused();
  expect(await boardText(page)).toBe('.........');
  await expectStatus(page, 'Your Turn');
  await expectScore(page, { you: 1, draws: 0, robot: 0 });
  await expect(page.getByText('1 win in a row!')).toBeVisible();
  expect(errors).toEqual([]);
});

test('clicks are ignored on a taken cell, during the robot’s turn and after the game; each game scores once', async ({
  page,
}) => {
  await openGame(page);
  await level(page, 'Expert').click();
  await expect(page.getByRole('heading', { level: 2, name: /^Expert/ })).toBeVisible();
  await expectScore(page, { you: 0, draws: 0, robot: 0 });

  // During the robot's turn a click does nothing, and does not delay the reply.
  await cell(page, 1, 2).click();
  await expectStatus(page, 'Robot Thinking');
  await page.clock.runFor(400);
  await cell(page, 3, 3).click();
  await page.clock.runFor(399);
  expect(await boardText(page)).toBe('.X.......');
  await page.clock.runFor(1);
  expect(await boardText(page)).toBe('OX.......');

  // A taken cell does nothing either: still the human's turn, and no robot move comes. (Taken cells are
  // aria-disabled, which Playwright waits out: force the click through.)
  await cell(page, 1, 2).click({ force: true });
  await cell(page, 1, 1).click({ force: true });
  await expectStatus(page, 'Your Turn');
  await page.clock.runFor(2_000);
  expect(await boardText(page)).toBe('OX.......');

  // Expert wins down the first column.
  await click(page, 1, 3);
  await click(page, 2, 3);
  expect(await boardText(page)).toBe('OXXO.XO..');
  await expectStatus(page, 'Robot Wins');
  await expect(announcement(page)).toHaveText('The robot played row 3, column 1. The robot wins.');
  await expect(cell(page, 3, 1)).toHaveAccessibleName('Row 3, column 1, O, winning line');
  await expectScore(page, { you: 0, draws: 0, robot: 1 });
  await expect(page.getByText(/in a row/)).toHaveCount(0);

  // Over: clicks change nothing, and the score counted the game once.
  await cell(page, 3, 3).click({ force: true });
  await cell(page, 2, 2).click({ force: true });
  await page.clock.runFor(2_000);
  expect(await boardText(page)).toBe('OXXO.XO..');
  await expectScore(page, { you: 0, draws: 0, robot: 1 });

  // Play Again keeps the score; a draw adds to draws.
  await page.getByRole('button', { name: 'Play Again' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Expert/ })).toBeVisible();
  await play(page, [
    [2, 2],
    [3, 3],
    [1, 2],
    [3, 1],
    [2, 3],
  ]);
  expect(await boardText(page)).toBe('OXOOXXXOX');
  await expectStatus(page, 'Draw');
  await expect(announcement(page)).toHaveText('You played row 2, column 3. Draw: nobody wins.');
  await expectScore(page, { you: 0, draws: 1, robot: 1 });

  // The reset icon goes back to the choice, with the score zeroed.
  await page.getByRole('button', { name: 'Reset the score and choose a difficulty' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a difficulty' })).toBeFocused();
  await expect(board(page)).toHaveCount(0);
  await level(page, 'Beginner').click();
  await expectScore(page, { you: 0, draws: 0, robot: 0 });
});

test('the streak grows with each win, a robot win resets it, and Change Difficulty zeroes everything', async ({
  page,
}) => {
  await openGame(page);
  await level(page, 'Beginner').click();
  await expect(page.getByText(/in a row/)).toHaveCount(0);

  // Beginner takes the first empty cell: the middle column wins for X.
  const win = async () => {
    await play(page, [
      [2, 2],
      [1, 2],
      [3, 2],
    ]);
    await expectStatus(page, 'Victory');
  };
  await win();
  await expect(page.getByText('1 win in a row!')).toBeVisible();
  await page.getByRole('button', { name: 'Play Again' }).click();
  await win();
  await expectScore(page, { you: 2, draws: 0, robot: 0 });
  await expect(page.getByText('2 wins in a row!')).toBeVisible();

  // Letting Beginner fill the top row: the robot's win resets the streak but keeps the wins.
  await page.getByRole('button', { name: 'Play Again' }).click();
  await play(page, [
    [2, 2],
    [2, 1],
    [3, 3],
  ]);
  await expectStatus(page, 'Robot Wins');
  await expectScore(page, { you: 2, draws: 0, robot: 1 });
  await expect(page.getByText(/in a row/)).toHaveCount(0);

  await page.getByRole('button', { name: 'Change Difficulty' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a difficulty' })).toBeFocused();
  await level(page, 'Medium').click();
  await expect(page.getByRole('heading', { level: 2, name: /^Medium/ })).toBeVisible();
  await expectScore(page, { you: 0, draws: 0, robot: 0 });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the five levels and the board fit the screen, and both screens pass axe', async ({ page }) => {
    await openGame(page);
    const levels = page.getByRole('list').getByRole('button');
    await expect(levels).toHaveCount(5);
    for (const [index, [name, stars]] of [
      ['Beginner', 1],
      ['Easy', 2],
      ['Medium', 3],
      ['Hard', 4],
      ['Expert', 5],
    ].entries()) {
      // The visible words first, in their order (WCAG 2.5.3), then the stars.
      await expect(levels.nth(index)).toHaveAccessibleName(
        new RegExp(`^${name} \\S.*\\. ${stars} of 5 stars$`),
      );
    }
    await expectNoSeriousAxeViolationsOnRunningClock(page);

    await level(page, 'Expert').tap();
    await cell(page, 2, 2).tap();
    await page.clock.runFor(800);
    expect(await boardText(page)).toBe('O...X....');
    const box = (await board(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // Cells big enough for a thumb.
    expect((await cell(page, 1, 1).boundingBox())!.width).toBeGreaterThanOrEqual(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousAxeViolationsOnRunningClock(page);
  });
});

test('a placed mark bounces for 600 ms, and holds still for visitors who ask for reduced motion', async ({
  page,
}) => {
  // The browsers of the specs ask for reduced motion (playwright.config.ts): first, a visitor who does not.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const transition = async () => {
    await page.goto('/tictactoe');
    // Chosen before the island is live: the choice is replayed once it is.
    await level(page, 'Beginner').click();
    await cell(page, 2, 2).click();
    return cell(page, 2, 2)
      .locator('span')
      .evaluate((mark) => {
        const style = getComputedStyle(mark);
        return { property: style.transitionProperty, duration: style.transitionDuration };
      });
  };
  expect(await transition()).toEqual({ property: expect.stringContaining('transform'), duration: '0.6s' });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect((await transition()).duration).toBe('0s');
});

test('the server renders the difficulty selection, before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/tictactoe');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tic-tac-toe');
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a difficulty' })).toBeVisible();
  await expect(page.getByRole('list').getByRole('button')).toHaveText([
    /^Beginner.*A gentle start\. 1 of 5 stars$/,
    /^Easy/,
    /^Medium/,
    /^Hard/,
    /^Expert.*A draw is a fine result\. 5 of 5 stars$/,
  ]);
  await context.close();
});
