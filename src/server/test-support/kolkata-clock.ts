/** The instant a clock in India (UTC+05:30) reads `local` ("2026-12-07T10:00"; 2026-12-07 was a Monday). */
export const inKolkata = (local: string) => new Date(`${local}:00+05:30`).getTime();
