import type { CountryCode } from '../../shared/rules/mobile-numbers.ts';

/**
 * Next to the calling code (the contact form, the account-deletion page, the admin's contact channels),
 * so people who do not know their code by heart can pick their country.
 */
export const COUNTRY_NAMES: Readonly<Record<CountryCode, string>> = {
  '+91': 'India',
  '+971': 'UAE',
  '+966': 'Saudi Arabia',
  '+974': 'Qatar',
  '+965': 'Kuwait',
  '+968': 'Oman',
  '+973': 'Bahrain',
  '+44': 'UK',
  '+1': 'USA / Canada',
  '+65': 'Singapore',
  '+60': 'Malaysia',
  '+61': 'Australia',
  '+977': 'Nepal',
  '+880': 'Bangladesh',
  '+94': 'Sri Lanka',
};
