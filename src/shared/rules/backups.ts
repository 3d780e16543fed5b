const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size for people, in powers of 1,024: "0 bytes", "812 bytes", "43.2 MB", "1.07 GB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} bytes`;
  const digits = value < 10 ? 2 : value < 100 ? 1 : 0;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}
