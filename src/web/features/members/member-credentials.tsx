import { Check, Copy, MessageCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { MemberCredentials } from '../../../shared/contracts/members.ts';
import { memberWhatsAppLink } from '../../../shared/rules/members.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';

type CopyState = 'idle' | 'copied' | 'selected';

/** Selects the element's text, so the admin can copy it by hand where the clipboard is out of reach. */
function selectContents(element: HTMLElement | null) {
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

export interface MemberCredentialsPanelProps {
  credentials: MemberCredentials;
  /** For the WhatsApp message ("Your {brand} ID"); without it the WhatsApp link waits. */
  brandName: string | undefined;
}

/**
 * The member's ID with the plain password, shown once: the server keeps only a hash, and this panel's
 * owner forgets the password when it closes.
 */
export function MemberCredentialsPanel({ credentials, brandName }: MemberCredentialsPanelProps) {
  const { member, password } = credentials;
  const [copy, setCopy] = useState<CopyState>('idle');
  const passwordRef = useRef<HTMLElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);

  // The form that was focused has gone; the next thing to do is to copy or send the password.
  useEffect(() => copyRef.current?.focus(), []);

  const copyPassword = async () => {
    try {
      // Missing where the page is not a secure context (plain http on the local network).
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(password);
      setCopy('copied');
    } catch {
      selectContents(passwordRef.current);
      setCopy('selected');
    }
  };

  return (
    <div className="space-y-4">
      <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong>This password is shown only once.</strong> Copy it or send it to the member now: once you
          close this window it cannot be shown again (you can reset it later).
        </span>
      </p>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Mobile</dt>
          <dd className="mt-0.5 text-lg text-slate-900 tabular-nums">{member.mobileDisplay}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Password</dt>
          <dd className="mt-0.5">
            <code
              ref={passwordRef}
              className="inline-block rounded-md bg-slate-100 px-2 py-1 font-mono text-lg break-all text-slate-900 select-all"
            >
              {password}
            </code>
          </dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button ref={copyRef} variant="secondary" onClick={() => void copyPassword()}>
          {copy === 'copied' ? (
            <Check aria-hidden="true" className="size-4 text-green-700" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copy === 'copied' ? 'Copied' : 'Copy password'}
        </Button>
        {brandName && (
          <a
            href={memberWhatsAppLink(member, brandName, password)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClassName('secondary')}
          >
            <MessageCircle aria-hidden="true" className="size-4 text-green-700" />
            Send on WhatsApp
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {copy === 'copied'
          ? 'Password copied to the clipboard.'
          : copy === 'selected'
            ? 'The password is selected: copy it with Ctrl+C (or Copy on a phone).'
            : ''}
      </p>
    </div>
  );
}
