/** How many days the dashboard's chart shows, today included. */
export const DASHBOARD_DAYS = 30;
