/** The highest page any list's address or query may name: past it nothing is ever shown. */
export const MAX_PAGE = 1_000_000;
