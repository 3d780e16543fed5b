import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DutySettings } from '../../../shared/contracts/duty.ts';
import type { SiteSettings } from '../../../shared/contracts/site-settings.ts';
import { canUse, isRole } from '../../../shared/rules/roles.ts';
import type { Database } from '../../db/database.ts';
import { createClickCounter } from '../../lib/click-counter.ts';
import { encapsulated } from '../../lib/encapsulated.ts';
import { createDutyRepository, NO_DUTY } from './repository.ts';
import { dutyRoutes } from './routes.ts';
import { type DutyChannel, dutyRouting, isOnDuty } from './routing.ts';

/**
 * Who is on duty (decision 076): each team member's own numbers, duty hours and away, an administrator's
 * share for each, and `onDuty`, which the public WhatsApp and call links (channel-clicks) route through.
 */
export function createDutyModule({
  database,
  redis,
  accounts,
  settings,
  dutySettings,
  timeZone,
  clock,
  log,
}: {
  database: Pick<Database, 'db' | 'pgSchema'>;
  redis: Redis | undefined;
  /** The team's accounts (admin-auth's): who exists, and who is disabled. */
  accounts: {
    list(): Promise<{ id: string; disabledAt: string | null; role: string; name: string; email: string }[]>;
    find(id: string): Promise<unknown>;
  };
  settings: () => Promise<Pick<SiteSettings, 'openingHours' | 'timeZone'>>;
  /** How the roster is used: whether inquiries are assigned on arrival (site-settings'). */
  dutySettings: () => Promise<DutySettings>;
  /** Visitors are counted on the business's days. */
  timeZone: () => Promise<string>;
  clock: () => number;
  log: FastifyBaseLogger;
}) {
  const duty = createDutyRepository(database.db, clock);
  const pick = dutyRouting({ duty, accounts, settings, redis, scope: database.pgSchema, clock, log });
  // Keyed `{channel} {member id}`: the member's visitors on each channel, per business day.
  const counter = createClickCounter({
    clicks: {
      add: (key, day, clicks) => {
        const [channel = '', adminId = ''] = key.split(' ');
        return duty.addClicks(adminId, channel, day, clicks);
      },
    },
    timeZone,
    clock,
    log,
  });
  return {
    /** The member on duty a visitor is sent to, and how to count that visitor for them. */
    async onDuty(channel: DutyChannel) {
      const member = await pick(channel);
      return member && { ...member, counted: () => counter.count(`${channel} ${member.adminId}`) };
    },
    counter,
    /**
     * The member on duty an inquiry sent through the form is assigned to, in turn by their shares; null with
     * the setting off or nobody on duty.
     */
    assigneeOnArrival: async () =>
      (await dutySettings()).assignInquiries ? ((await pick('inquiries'))?.adminId ?? null) : null,
    /** Visitors sent to each member in a period, by channel (the dashboard's). */
    clicksBetween: duty.clicksBetween,
    async register(app: FastifyInstance) {
      app.addHook('onClose', () => counter.settled());
      await app.register(encapsulated(dutyRoutes), {
        duty,
        memberExists: async (id) => (await accounts.find(id)) !== undefined,
        shares: async () => {
          const [roster, accountList, { openingHours, timeZone }] = await Promise.all([
            duty.roster(),
            accounts.list(),
            settings(),
          ]);
          const now = new Date(clock());
          const byId = new Map(roster.map((member) => [member.adminId, member]));
          return accountList
            .filter((account) => !account.disabledAt && isRole(account.role) && canUse(account.role, 'inbox'))
            .map((account) => {
              const member = byId.get(account.id) ?? { ...NO_DUTY, adminId: account.id };
              return {
                adminId: account.id,
                name: account.name || account.email,
                weight: member.weight,
                onDutyNow: isOnDuty(member, openingHours, timeZone, now),
                away: member.away,
                hasWhatsapp: member.whatsapp !== '',
                hasPhone: member.phone !== '',
              };
            })
            .sort((a, b) => a.name.localeCompare(b.name));
        },
      });
    },
  };
}
