import path from 'node:path';
import { z } from 'zod';
import { AUDIT_LOG_KEEP_DAYS_DEFAULT } from '../shared/rules/audit-log.ts';
import { type HostPattern, parseHost, parseHostPattern } from './lib/host-patterns.ts';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const durationMinutes = z.coerce
  .number()
  .int()
  .positive()
  .max(60 * 24 * 30);

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The sender of notification emails; without a name, the brand name is shown. */
export interface MailFrom {
  name?: string;
  address: string;
}

/** `notifications@example.com`, `Sampark <notifications@example.com>` or `"Sampark" <…>`; null otherwise. */
function parseMailFrom(value: string): MailFrom | null {
  const match = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s]+)>|([^<>\s"]+))\s*$/.exec(value);
  const address = match?.[2] ?? match?.[3];
  if (!address || !z.email().safeParse(address).success) return null;
  const name = match?.[1]?.trim();
  return name ? { name, address } : { address };
}

/**
 * Every setting the server reads from the environment, with its default.
 * README.md's configuration table lists the same names; keep them in step.
 */
export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .min(1)
    .default('file:./data/sampark.db')
    .refine((value) => /^(file:|postgres:\/\/|postgresql:\/\/)/.test(value), {
      message: 'must be file:<path> for SQLite or a postgres:// URL',
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .optional()
    .transform((value) => (value ? new URL(value).origin : undefined)),
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value, context): HostPattern[] => {
      const patterns: HostPattern[] = [];
      for (const entry of (value ?? '').split(',').map((item) => item.trim())) {
        if (entry === '') continue;
        const pattern = parseHostPattern(entry);
        if (pattern) {
          patterns.push(pattern);
          continue;
        }
        context.addIssue({
          code: 'custom',
          message:
            entry === '*'
              ? 'a wildcard for every host is not accepted: set PUBLIC_ORIGIN to serve whatever the Host says'
              : `${JSON.stringify(entry)} is not a host name, .domain, *.domain or one of them with :port`,
        });
      }
      return patterns;
    }),
  TRUST_PROXY: z.string().optional(),
  SESSION_IDLE_MINUTES: durationMinutes.default(30),
  SESSION_ABSOLUTE_MINUTES: durationMinutes.default(12 * 60),
  ADMIN_EMAIL: z.email().default('admin@sampark.local'),
  ADMIN_PASSWORD: z.string().min(10).max(200).optional(),
  DEMO_MODE: booleanFlag.default(false),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 * 1024)
    .default(100 * 1024),
  // Decision 027: many people share one address in India, so the address limit is a backstop; the limit
  // per email and per phone, and a proof of work once an address is busy, carry the protection.
  INQUIRY_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  INQUIRY_LIMIT_PER_SENDER_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  INQUIRY_CHALLENGE_AFTER_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(10),
  // The work a busy address's browser does: it hashes half this many times on average.
  PROOF_OF_WORK_MAX_COUNTER: z.coerce.number().int().min(1_000).max(10_000_000).default(50_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  // Decision 070: after this long without a request the server gives memory back; 0 turns it off.
  IDLE_MEMORY_RELEASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  // Under Docker's 10 s between SIGTERM and SIGKILL, with a second to spare.
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(9_000),
  // 0 turns the daily automatic backup off; npm run backup still works.
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(0).max(3650).default(14),
  // The audit log's entries are erased after this many days.
  AUDIT_LOG_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(AUDIT_LOG_KEEP_DAYS_DEFAULT),
  BACKUP_DIR: z.string().optional(),
  WEB_DIST_DIR: z.string().default(path.resolve('dist/web')),
  // Email notifications: off without it. The password may be in it, so it is never shown or logged.
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || isSmtpUrl(value), {
      message: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
    }),
  MAIL_FROM: z
    .string()
    .optional()
    .transform((value, context): MailFrom | undefined => {
      if (value === undefined) return undefined;
      const parsed = parseMailFrom(value);
      if (!parsed) {
        context.addIssue({
          code: 'custom',
          message: 'must be an address or Name <address>, e.g. Sampark <notifications@example.com>',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  // Webhooks (decision 042): https to public addresses only, unless this allows http and loopback or
  // private addresses (a receiver on the same machine or network).
  // Also lets push go to a push service over plain http or on such an address (decision 047).
  WEBHOOKS_ALLOW_PRIVATE_HTTP: booleanFlag.default(false),
  // Push services besides the browsers' own (decision 047): host names, or `*.domain` for its subdomains.
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((value, context): string[] => {
      const hosts: string[] = [];
      // A name's final dot (`push.example.com.`) changes nothing: the push rule ignores it too.
      for (const entry of (value ?? '')
        .split(',')
        .map((item) => item.trim().toLowerCase().replace(/\.$/, ''))) {
        if (entry === '') continue;
        const wildcard = entry.startsWith('*.');
        const host = parseHost(wildcard ? entry.slice(2) : entry);
        if (host && host.port === null && !(wildcard && host.hostname.startsWith('['))) {
          // As the URL parser writes a host, so that an IPv6 address matches however it was typed.
          const hostname = new URL(`https://${host.hostname}/`).hostname;
          hosts.push(wildcard ? `*.${hostname}` : hostname);
          continue;
        }
        context.addIssue({
          code: 'custom',
          message: `"${entry}" is not a host name: use names separated by commas, e.g. push.example.com,*.push.example.net`,
        });
      }
      return hosts;
    }),
});

export type Config = z.infer<typeof ConfigSchema>;

/** What says the site's own address: the origin visitors use, or the host names it answers to. */
export type SiteAddressConfig = Pick<Config, 'PUBLIC_ORIGIN' | 'ALLOWED_HOSTS'>;

export class ConfigError extends Error {}

/** Reads the configuration; a wrong value throws a ConfigError naming each bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<Record<keyof Config, string>> = {},
): Config {
  const source: Record<string, string | undefined> = {};
  for (const key of Object.keys(ConfigSchema.shape)) {
    const value = overrides[key as keyof Config] ?? env[key];
    // An empty variable means "not set", as it does in most shells' .env files.
    source[key] = value === '' ? undefined : value;
  }
  const result = ConfigSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (result.data.SESSION_IDLE_MINUTES > result.data.SESSION_ABSOLUTE_MINUTES) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_IDLE_MINUTES: must not exceed SESSION_ABSOLUTE_MINUTES',
    );
  }
  if (result.data.SHUTDOWN_DRAIN_MS >= result.data.SHUTDOWN_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  SHUTDOWN_DRAIN_MS: must be less than SHUTDOWN_TIMEOUT_MS (every shutdown would be forced)',
    );
  }
  return result.data;
}

export type DatabaseTarget = { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; url: string };

export function databaseTarget(databaseUrl: string): DatabaseTarget {
  if (databaseUrl.startsWith('file:')) {
    return { dialect: 'sqlite', filename: databaseUrl.slice('file:'.length) };
  }
  return { dialect: 'postgres', url: databaseUrl };
}

/**
 * Where backups go: BACKUP_DIR, else `backups` beside the SQLite file (data/backups by default), else
 * (PostgreSQL) ./data/backups.
 */
export function backupDirectory(config: Pick<Config, 'BACKUP_DIR'>, target: DatabaseTarget): string {
  if (config.BACKUP_DIR) return path.resolve(config.BACKUP_DIR);
  if (target.dialect === 'sqlite' && target.filename !== ':memory:') {
    return path.join(path.dirname(path.resolve(target.filename)), 'backups');
  }
  return path.resolve('data/backups');
}

/** Where links in notifications and webhooks point: PUBLIC_ORIGIN, else the address the server listens on. */
export function linkOrigin(config: Pick<Config, 'PUBLIC_ORIGIN' | 'HOST' | 'PORT'>): string {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN;
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}
