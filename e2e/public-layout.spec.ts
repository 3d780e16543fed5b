import { expect, type Locator, type Page, test } from '@playwright/test';
import { answerInquiryPosts, fillInquiryForm, inquiryFor, TOO_MANY_INQUIRIES, uniqueTag } from './support.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** A second of the page's life at 60 frames a second (longer on a busy machine): the loop switched ten times in one. */
const FRAMES_TO_WATCH = 60;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The element at the centre of `locator` is the locator's own (or inside it): nothing covers it. */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });
}

async function expectWithinViewport(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(await uncovered(locator)).toBe(true);
}

for (const { name, use } of [
  { name: 'phone', use: PHONE },
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
]) {
  test.describe(`on a ${name}`, () => {
    test.use(use);

    test('the header keeps still when the page rests just past 20 px', async ({ page }) => {
      await page.goto('/');
      const header = page.getByRole('banner');
      for (const top of [21, 22, 23]) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(header).toHaveAttribute('data-scrolled', 'false');
        // Count every switch of the header's style while the page rests, for a fixed number of frames.
        const switches = await page.evaluate(
          async ({ top, frames }) => {
            const banner = document.querySelector('header')!;
            let count = 0;
            const observer = new MutationObserver((records) => {
              count += records.length;
            });
            observer.observe(banner, { attributes: true, attributeFilter: ['data-scrolled'] });
            window.scrollTo(0, top);
            for (let frame = 0; frame < frames; frame += 1) {
              await new Promise((resolve) => requestAnimationFrame(resolve));
            }
            observer.disconnect();
            return count;
          },
          { top, frames: FRAMES_TO_WATCH },
        );
        expect(switches, `switches at ${top} px`).toBeLessThanOrEqual(1);
        await expect(header).toHaveAttribute('data-scrolled', 'true');
        expect(await page.evaluate(() => window.scrollY)).toBe(top);
      }
    });
  });
}

test.describe('on a 390x844 phone', () => {
  test.use(PHONE);

  test('a finished game shows Play Again and Change Difficulty above the tab bar', async ({ page }) => {
    // The robot takes the first empty cell: the game is won in three moves.
    await page.addInitScript(() => {
      Math.random = () => 0.01;
    });
    await page.goto('/tictactoe');
    // Chosen before the game's island is live: the choice is replayed once it is (decision 062).
    await page.getByRole('button', { name: /^Beginner / }).click();
    const board = page.getByRole('grid', { name: 'Tic-tac-toe board' });
    const cell = (row: number, column: number) =>
      board.getByRole('button', { name: new RegExp(`^Row ${row}, column ${column},`) });
    for (const [row, column] of [
      [2, 2],
      [2, 1],
    ] as const) {
      await cell(row, column).click();
      await expect(page.locator('main').getByText('Your Turn', { exact: true })).toBeVisible();
    }
    await cell(2, 3).click();
    await expect(page.locator('main').getByText('Victory', { exact: true })).toBeVisible();

    for (const button of ['Play Again', 'Change Difficulty']) {
      await expectWithinViewport(page, page.getByRole('button', { name: button, exact: true }));
    }
  });

  test('the floating WhatsApp button never covers the hours on the landing page', async ({ page }) => {
    await page.goto('/');
    const floating = page.getByRole('link', { name: 'Chat with us on WhatsApp (opens in a new tab)' });
    const hours = page.getByRole('complementary', { name: 'Support hours' });
    const rows = hours.locator('dl > div');
    // A new site's week: Monday to Friday, Saturday, Sunday.
    await expect(rows).toHaveCount(3);
    // Every scroll position at which the hours show, from the top down past the card.
    const cardBottom = await hours.evaluate((card) => card.getBoundingClientRect().bottom + window.scrollY);
    for (let top = 0; top <= cardBottom; top += 40) {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      const button = await floating.boundingBox();
      for (const row of await rows.all()) {
        const box = await row.boundingBox();
        if (button && box) expect(overlap(button, box), `at ${top} px`).toBe(false);
      }
    }
    // Further down it floats, a fixed place on the screen while the page moves.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect(floating).toBeInViewport();
    await expectWithinViewport(page, floating);
  });

  test('a refused message leaves the dialog’s title and close button in sight', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Write to us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send us a message' });
    await fillInquiryForm(dialog, inquiryFor(uniqueTag()));
    await answerInquiryPosts(page, TOO_MANY_INQUIRIES);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(/Too many messages/);
    // The dialog scrolled down to the send button; back at its top, the title and close button show.
    await dialog.evaluate((element) => element.scrollTo(0, 0));
    const message = (await alert.boundingBox())!;
    for (const part of [
      dialog.getByRole('heading', { name: 'Send us a message' }),
      dialog.getByRole('button', { name: 'Close' }),
    ]) {
      expect(overlap(message, (await part.boundingBox())!)).toBe(false);
      expect(await uncovered(part)).toBe(true);
    }
  });
});
