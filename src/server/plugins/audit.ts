import type { AuditAction } from '../../shared/rules/audit-log.ts';

/**
 * What a route's success writes to the audit log, declared beside its access as
 * `config: { access: access.sensitive('administration'), audit: { action: 'user.update', target: 'user' } }`
 * (decision 048). The recorder (features/audit-log/recorder.ts) and the API description (`x-audit`) read it.
 * `audit: null` says the route changes nothing worth a record; every back-office route that is not a read
 * must say one or the other, or the app refuses to start.
 */
export interface AuditDeclaration {
  readonly action: AuditAction;
  /** What `:id` (or `targetParam`) names, e.g. `inquiry`. */
  readonly target?: string;
  /** The path parameter naming the target when it is not `id`. */
  readonly targetParam?: string;
  /** A sign-in's refusals, recorded as failed sign-ins with the reason for each status. */
  readonly refusals?: Readonly<Record<number, string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the audit log records of the route's success; `null` for nothing (see AuditDeclaration). */
    audit?: AuditDeclaration | null;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Why a route may not start without an audit declaration: it is a back-office route (not public) that
 * changes something (not a read). Undefined when it may.
 */
export function missingAuditDeclaration(
  methods: readonly string[],
  config: { access?: { area: string }; audit?: AuditDeclaration | null } | undefined,
): string | undefined {
  if (config?.audit !== undefined) return undefined;
  if (!config?.access || config.access.area === 'public') return undefined;
  if (methods.every((method) => READS.has(method))) return undefined;
  return 'declares no audit action (config.audit, or null when it changes nothing worth a record)';
}
