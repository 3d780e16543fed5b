import {
  type Board,
  EMPTY_BOARD,
  HUMAN,
  outcomeOf,
  play,
  ROBOT,
  robotMove,
} from '../src/shared/rules/tic-tac-toe-engine.ts';
import { percentile } from './lib.ts';

/** Timed calls of each measurement: the median of 1,000. */
const GAME_ITERATIONS = 1_000;
const WARMUP = 50;
/** outcomeOf evaluations per baseline loop: about a millisecond, well above the timer's resolution. */
const BASELINE_EVALUATIONS = 10_000;
/**
 * The robot computes its move in the visitor's browser before the 800 ms reply. A low-end phone runs
 * JavaScript about ten times slower than a server core, so 50 ms here is about half a second there: still
 * inside the reply delay. Empty board is the worst case (the most cells to search); in a game the robot
 * never sees it, as the human moves first.
 */
const EXPERT_EMPTY_BOARD_BUDGET_MEDIAN_MS = 50;

/** The positions of one drawn game, move by move: what minimax's nodes look like, from empty to full. */
const BASELINE_POSITIONS: Board[] = [EMPTY_BOARD];
for (const [turn, cell] of [4, 0, 8, 2, 1, 7, 6, 3, 5].entries()) {
  BASELINE_POSITIONS.push(play(BASELINE_POSITIONS.at(-1)!, cell, turn % 2 === 0 ? HUMAN : ROBOT));
}

interface Summary {
  p50Ms: number;
  p95Ms: number;
}

const summarize = (times: number[]): Summary => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
};
const ms = (value: number) => (value < 10 ? value.toFixed(3) : value.toFixed(1));
const fmt = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * Expert's first move on an empty board (`robotMove`, as the game calls it: the full minimax search with
 * alpha-beta pruning), and Expert's reply to the human's opening in the centre (the first move it really
 * makes in a game), each timed 1,000 times.
 *
 * The baseline, measured in the same run and interleaved call by call, is a loop of 10,000 `outcomeOf`
 * evaluations over the positions of a game: the check every node of the search makes. The ratio says
 * how many such evaluations Expert's move costs, which is about the size of its search: it stays put when
 * the machine is merely slower or busier, and grows only when the search does (pruning lost, say).
 */
export function benchGame(): { ok: boolean } {
  let sink = 0;
  const centre = play(EMPTY_BOARD, 4, HUMAN);
  const expertEmpty = () => robotMove(EMPTY_BOARD, 'expert', Math.random).index;
  const expertReply = () => robotMove(centre, 'expert', Math.random).index;
  const baselineLoop = () => {
    let found = 0;
    for (let i = 0; i < BASELINE_EVALUATIONS; i++) {
      found += outcomeOf(BASELINE_POSITIONS[i % BASELINE_POSITIONS.length]!).status.length;
    }
    return found;
  };

  const moves = new Set<number>();
  for (let i = 0; i < WARMUP; i++) sink += expertEmpty() + expertReply() + baselineLoop();
  const times = { empty: [] as number[], reply: [] as number[], baseline: [] as number[] };
  const time = (run: () => number, into: number[]) => {
    const start = performance.now();
    const result = run();
    into.push(performance.now() - start);
    return result;
  };
  for (let i = 0; i < GAME_ITERATIONS; i++) {
    moves.add(time(expertEmpty, times.empty));
    sink += time(baselineLoop, times.baseline);
    sink += time(expertReply, times.reply);
  }

  const empty = summarize(times.empty);
  const reply = summarize(times.reply);
  const baseline = summarize(times.baseline);
  const perEvaluationMs = baseline.p50Ms / BASELINE_EVALUATIONS;
  const ratio = empty.p50Ms / baseline.p50Ms;

  console.log(
    `\nTic-tac-toe robot (src/shared/rules/tic-tac-toe-engine.ts), ${fmt(GAME_ITERATIONS)} timed calls each:`,
  );
  console.log(`  ${'measurement'.padEnd(62)} ${'median ms'.padStart(10)} ${'p95 ms'.padStart(8)}`);
  const row = (label: string, summary: Summary, note = '') =>
    console.log(
      `  ${label.padEnd(62)} ${ms(summary.p50Ms).padStart(10)} ${ms(summary.p95Ms).padStart(8)}${note}`,
    );
  row(
    "Expert's first move, empty board",
    empty,
    `   budget median < ${EXPERT_EMPTY_BOARD_BUDGET_MEDIAN_MS} ms`,
  );
  row("Expert's reply to X in the centre (its first move in a game)", reply);
  row(`baseline: a loop of ${fmt(BASELINE_EVALUATIONS)} outcomeOf evaluations`, baseline);
  console.log(
    `  Expert's first move / baseline loop: ${ratio.toFixed(2)}x, i.e. about ${fmt(
      empty.p50Ms / perEvaluationMs,
    )} outcomeOf evaluations (${(perEvaluationMs * 1e6).toFixed(0)} ns each)`,
  );

  const failures: string[] = [];
  if (empty.p50Ms >= EXPERT_EMPTY_BOARD_BUDGET_MEDIAN_MS) {
    failures.push(
      `Expert's first move: median ${ms(empty.p50Ms)} ms is over its ${EXPERT_EMPTY_BOARD_BUDGET_MEDIAN_MS} ms budget`,
    );
  }
  // Expert is deterministic: the same cell every time (the first of the best, a corner).
  if (moves.size !== 1 || !moves.has(0))
    failures.push(`Expert's first move varied: ${[...moves].join(', ')}`);
  for (const failure of failures) console.log(`  FAIL ${failure}`);
  if (failures.length === 0) console.log('  Within budget.');

  const round = (value: number) => Number(value.toFixed(4));
  console.log(
    `\nBENCH_JSON ${JSON.stringify({
      bench: 'game',
      iterations: GAME_ITERATIONS,
      expertEmptyBoard: { p50Ms: round(empty.p50Ms), p95Ms: round(empty.p95Ms) },
      expertReplyToCentre: { p50Ms: round(reply.p50Ms), p95Ms: round(reply.p95Ms) },
      baselineLoop: {
        evaluations: BASELINE_EVALUATIONS,
        p50Ms: round(baseline.p50Ms),
        p95Ms: round(baseline.p95Ms),
      },
      ratio: round(ratio),
      budgetMedianMs: EXPERT_EMPTY_BOARD_BUDGET_MEDIAN_MS,
      ok: failures.length === 0,
    })}`,
  );
  // The results are used, so the engine cannot drop the calls that produced them.
  if (!Number.isFinite(sink)) throw new Error('unreachable');
  return { ok: failures.length === 0 };
}
