/** How many days the dashboard's chart shows, today included. */
export const DASHBOARD_DAYS = 30;

/** The periods the channel clicks and post views can be shown for, in days (today included). */
export const CLICK_PERIOD_DAYS = [7, 30, 90] as const;
export type ClickPeriodDays = (typeof CLICK_PERIOD_DAYS)[number];
/** The period shown first. */
export const DEFAULT_CLICK_PERIOD_DAYS: ClickPeriodDays = 30;
/** How many posts the dashboard lists by views. */
export const MOST_VIEWED_POSTS = 10;
