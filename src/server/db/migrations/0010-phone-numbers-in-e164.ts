import { type Kysely, sql } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

const BATCH = 1000;

/**
 * The number as stored from now on (issue 16): E.164, read as Indian when typed without `+`, which is
 * what the forms' default country was. Null when it does not parse: such a value stays as it was.
 * (The rule of the day is written out here rather than imported, so this migration never changes.)
 */
function inE164(stored: string): string | null {
  const text = stored.trim();
  try {
    const parsed = parsePhoneNumberFromString(
      text,
      text.startsWith('+') ? undefined : { defaultCountry: 'IN' },
    );
    return parsed?.isValid() ? parsed.number : null;
  } catch {
    return null;
  }
}

/** Phone numbers in E.164: inquiries' phones and the numbers of phone and WhatsApp channels. */
export async function phoneNumbersInE164(db: Kysely<unknown>) {
  // Inquiries may be many: read them in batches by seq; only a number that changes is written, and its
  // update time stays (nothing was edited).
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ seq: number; phone: string }>`
      select seq, phone from contact_inquiries where seq > ${after} order by seq limit ${BATCH}`.execute(db);
    for (const { seq, phone } of rows) {
      const e164 = inE164(phone);
      if (e164 && e164 !== phone) {
        await sql`update contact_inquiries set phone = ${e164} where seq = ${seq}`.execute(db);
      }
    }
    if (rows.length < BATCH) break;
    after = Number(rows[rows.length - 1]?.seq);
  }

  const { rows: channels } = await sql<{ id: string; value: string }>`
    select id, value from contact_channels where type in ('phone', 'whatsapp')`.execute(db);
  for (const { id, value } of channels) {
    const e164 = inE164(value);
    if (e164 && e164 !== value) {
      await sql`update contact_channels set value = ${e164} where id = ${id}`.execute(db);
    }
  }
}
