/** The page asked for in the address (?page=2); anything but a whole number from 1 up is page 1. */
export function pageFromParam(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
