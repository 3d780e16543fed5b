import { type Kysely, sql } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { MigrationContext } from './migration-context.ts';

/** The settings keys that held the business's numbers and handle, and the channel type each becomes. */
const MOVED_KEYS = [
  ['whatsappNumber', 'whatsapp'],
  ['supportPhone', 'phone'],
  ['telegramHandle', 'telegram'],
] as const;

type ChannelType = (typeof MOVED_KEYS)[number][1];

const TELEGRAM_PROFILE =
  /^(?:(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me|telegram\.dog)\/)?@?([A-Za-z][A-Za-z0-9_]{4,31})\/?$/i;

/** What the channel stores: numbers in E.164 (+ and digits), a Telegram handle bare; null for nothing usable. */
function channelValue(type: ChannelType, raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  if (type === 'telegram') return TELEGRAM_PROFILE.exec(raw.trim())?.[1] ?? null;
  const digits = raw.replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 15 ? `+${digits}` : null;
}

/** Two values name the same number or handle: digits for numbers, the handle in any case for Telegram. */
function sameContact(type: ChannelType, a: string, b: string): boolean {
  if (type === 'telegram') {
    const handle = (value: string) => TELEGRAM_PROFILE.exec(value.trim())?.[1]?.toLowerCase() ?? value;
    return handle(a) === handle(b);
  }
  return a.replace(/\D/g, '') === b.replace(/\D/g, '');
}

/**
 * The contact channels become the one place the business's numbers live (issue 16): the support phone,
 * WhatsApp number and Telegram handle leave the settings and become active channels at the end of the
 * admin's order, unless a channel of that type already has the same number or handle.
 */
export async function contactFactsInChannels(db: Kysely<unknown>, _context: MigrationContext) {
  const row = await sql<{ settings: string }>`select settings from site_settings where id = 'site'`.execute(
    db,
  );
  const json = row.rows[0]?.settings;
  if (json === undefined) return;
  let settings: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return;
    settings = parsed as Record<string, unknown>;
  } catch {
    // An unreadable row is read as the defaults (site-settings repository): there is nothing to move.
    return;
  }

  const channels = (
    await sql<{ type: string; value: string }>`select type, value from contact_channels`.execute(db)
  ).rows;
  const last = await sql<{
    position: number | null;
  }>`select max(position) as position from contact_channels`.execute(db);
  let position =
    last.rows[0]?.position === null || last.rows[0]?.position === undefined
      ? 0
      : Number(last.rows[0].position) + 1;
  const now = new Date().toISOString();

  for (const [key, type] of MOVED_KEYS) {
    const value = channelValue(type, settings[key]);
    if (value === null) continue;
    if (channels.some((channel) => channel.type === type && sameContact(type, channel.value, value)))
      continue;
    await sql`insert into contact_channels (id, type, value, proof, is_active, position, created_at, updated_at)
      values (${uuidv7()}, ${type}, ${value}, '', 1, ${position}, ${now}, ${now})`.execute(db);
    channels.push({ type, value });
    position += 1;
  }

  const { supportPhone: _phone, whatsappNumber: _whatsapp, telegramHandle: _telegram, ...kept } = settings;
  await sql`update site_settings set settings = ${JSON.stringify(kept)}, updated_at = ${now} where id = 'site'`.execute(
    db,
  );
}
