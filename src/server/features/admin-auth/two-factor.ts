import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  formatRecoveryCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '../../../shared/rules/two-factor.ts';
import { nowIso } from '../../db/values.ts';
import type { AdminRepository } from './admin-repository.ts';

// What every authenticator app expects (otplib's defaults): SHA-1, 6 digits, a new code every 30 seconds.
const TOTP_PERIOD_SECONDS = 30;
/** A code is taken one step either side of now: a phone's clock may be a little off, and typing takes time. */
const TOTP_TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
/** Tries of a compare-and-set that another request's use of a code got in before. */
const MAX_STATE_WRITES = 3;

/** What `admins.totp_recovery_codes` holds once the factor is on (schema.ts). */
interface FactorState {
  /** SHA-256 (hex) of each unused recovery code, normalised. */
  recoveryCodes: string[];
  /** The time step of the last code taken: no code of that step or an earlier one is taken again. */
  lastUsedStep: number | null;
}

function parseState(json: string): FactorState {
  try {
    const parsed = JSON.parse(json) as Partial<FactorState>;
    return {
      recoveryCodes: Array.isArray(parsed.recoveryCodes)
        ? parsed.recoveryCodes.filter((hash) => typeof hash === 'string')
        : [],
      lastUsedStep: Number.isSafeInteger(parsed.lastUsedStep) ? (parsed.lastUsedStep as number) : null,
    };
  } catch {
    // Unreadable: no recovery code works, and any code not older than now does.
    return { recoveryCodes: [], lastUsedStep: null };
  }
}

/**
 * Recovery codes have 60 random bits each (12 characters of 31): a plain SHA-256 is enough to keep them
 * from whoever reads the database, as no one can try 2^60 of them; argon2 would make each sign-in with one
 * cost a hash per stored code.
 */
function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

function newRecoveryCodes(): { shown: string[]; hashes: string[] } {
  const shown = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(
      Array.from(
        { length: RECOVERY_CODE_LENGTH },
        () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
      ).join(''),
    ),
  );
  return { shown, hashes: shown.map(hashRecoveryCode) };
}

export interface TwoFactorSetupDetails {
  secret: string;
  otpauthUri: string;
  /** An SVG data URL. */
  qrCode: string;
}

export interface TwoFactorDeps {
  admins: AdminRepository;
  clock: () => number;
  /** The name authenticator apps show beside the account: the site's brand. */
  issuer: () => Promise<string>;
}

/** Enrolment, checking codes and recovery codes of the TOTP second factor (RFC 6238, with otplib). */
export function createTwoFactor({ admins, clock, issuer }: TwoFactorDeps) {
  /** The time step `code` belongs to, if it is one of now ±1 step and later than `lastUsedStep`. */
  const matchingStep = async (
    secret: string,
    code: string,
    lastUsedStep: number | null,
  ): Promise<number | null> => {
    const epoch = Math.floor(clock() / 1000);
    const latestStep = Math.floor((epoch + TOTP_TOLERANCE_SECONDS) / TOTP_PERIOD_SECONDS);
    // otplib refuses an afterTimeStep beyond the window (a clock that went back): no code can be newer.
    if (lastUsedStep !== null && lastUsedStep >= latestStep) return null;
    const result = await verify({
      secret,
      token: code,
      epoch,
      period: TOTP_PERIOD_SECONDS,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  };

  /**
   * Applies `use` to the factor's state and writes what it returns, only if no other request wrote
   * meanwhile (compare-and-set); otherwise reads again, so a code or recovery code sent twice at once is
   * taken once. False when the factor is off or `use` finds the code wrong (null).
   */
  const takeOnce = async (
    adminId: string,
    use: (state: FactorState, secret: string) => Promise<FactorState | null>,
  ): Promise<boolean> => {
    for (let write = 0; write < MAX_STATE_WRITES; write++) {
      const factor = await admins.twoFactor(adminId);
      if (!factor?.enabledAt || !factor.secret || factor.state === null) return false;
      const next = await use(parseState(factor.state), factor.secret);
      if (!next) return false;
      if (await admins.replaceTwoFactorState(adminId, factor.state, JSON.stringify(next))) return true;
    }
    return false;
  };

  const takeCode = (adminId: string, code: string, change?: (state: FactorState) => FactorState) =>
    takeOnce(adminId, async (state, secret) => {
      const step = await matchingStep(secret, code, state.lastUsedStep);
      if (step === null) return null;
      const used = { ...state, lastUsedStep: step };
      return change ? change(used) : used;
    });

  return {
    async status(adminId: string): Promise<{ enabledAt: string | null; recoveryCodesLeft: number }> {
      const factor = await admins.twoFactor(adminId);
      const enabledAt = factor?.enabledAt ?? null;
      const recoveryCodesLeft =
        enabledAt && factor?.state ? parseState(factor.state).recoveryCodes.length : 0;
      return { enabledAt, recoveryCodesLeft };
    },

    /** A new secret kept for `admin`, not on until `enable`; null when the factor is on already. */
    async setUp(admin: { id: string; email: string }): Promise<TwoFactorSetupDetails | null> {
      const secret = generateSecret();
      if (!(await admins.setPendingTwoFactorSecret(admin.id, secret))) return null;
      const otpauthUri = generateURI({ issuer: await issuer(), label: admin.email, secret });
      // The QR code's encoder is loaded with the first set-up, not at start (decision 064).
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return {
        secret,
        otpauthUri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /**
     * Turns the factor on when `code` comes from the secret being set up; returns the recovery codes to show
     * once, `wrong-code`, or `not-set-up` (no secret being set up, or the factor is on already).
     */
    async enable(adminId: string, code: string): Promise<string[] | 'wrong-code' | 'not-set-up'> {
      const factor = await admins.twoFactor(adminId);
      if (!factor?.secret || factor.enabledAt) return 'not-set-up';
      const step = await matchingStep(factor.secret, code, null);
      if (step === null) return 'wrong-code';
      const { shown, hashes } = newRecoveryCodes();
      // The code that turned the factor on cannot sign in too.
      const state: FactorState = { recoveryCodes: hashes, lastUsedStep: step };
      const enabled = await admins.enableTwoFactor(adminId, {
        secret: factor.secret,
        state: JSON.stringify(state),
        at: nowIso(clock),
      });
      return enabled ? shown : 'not-set-up';
    },

    /** Whether `code` is the authenticator's for now (±1 step) and no code of its step or later was used. */
    verifyCode(adminId: string, code: string): Promise<boolean> {
      return takeCode(adminId, code);
    },

    /** Whether `code` is one of the unused recovery codes; it is used up by this. */
    redeemRecoveryCode(adminId: string, code: string): Promise<boolean> {
      const hash = hashRecoveryCode(code);
      return takeOnce(adminId, async (state) =>
        state.recoveryCodes.includes(hash)
          ? { ...state, recoveryCodes: state.recoveryCodes.filter((stored) => stored !== hash) }
          : null,
      );
    },

    /** New recovery codes in place of the old ones, for an authenticator code; null when it is wrong. */
    async renewRecoveryCodes(adminId: string, code: string): Promise<string[] | null> {
      const { shown, hashes } = newRecoveryCodes();
      const renewed = await takeCode(adminId, code, (state) => ({ ...state, recoveryCodes: hashes }));
      return renewed ? shown : null;
    },

    /** Turns the factor off; false for an unknown user. */
    disable(adminId: string): Promise<boolean> {
      return admins.clearTwoFactor(adminId);
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
