import { Check, Copy, MessageCircle, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { selectContents } from '../lib/select-contents.ts';
import { Button, buttonClassName } from './button.tsx';
import { DETAIL_LABEL_CLASS } from './detail-field.tsx';

type CopyState = 'idle' | 'copied' | 'selected';

/** What is shown once, in the words of the thing: a password, an invitation link. */
export interface ShownOnceSecret {
  /** Its label, e.g. "Invitation link"; also what is said once it is copied. */
  label: string;
  /** Its short name, e.g. "link": on the copy button and in what is said when it is selected instead. */
  noun: string;
  value: string;
  /** On a line of its own (a link), rather than beside the facts. */
  wide?: boolean;
}

export interface ShownOncePanelProps {
  /** Why to act now: the secret cannot be shown again. */
  warning: ReactNode;
  /** What the secret belongs to, shown before it (the mobile, the email). */
  facts: readonly { label: string; value: ReactNode }[];
  secret: ShownOnceSecret;
  /** A link that sends the secret by WhatsApp; without it (e.g. the brand still loading) the button waits. */
  whatsAppHref?: string | undefined;
  /** Anything to say below, e.g. until when a link works. */
  children?: ReactNode;
}

/**
 * A password or a link shown once, with Copy and Send on WhatsApp: the server keeps only a hash, and this
 * panel's owner forgets the secret when it closes.
 */
export function ShownOncePanel({ warning, facts, secret, whatsAppHref, children }: ShownOncePanelProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const secretRef = useRef<HTMLElement>(null);
  const copyRef = useRef<HTMLButtonElement>(null);

  // The form that was focused has gone; the next thing to do is to copy or send the secret.
  useEffect(() => copyRef.current?.focus(), []);

  const copySecret = async () => {
    try {
      // Missing where the page is not a secure context (plain http on the local network).
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(secret.value);
      setCopy('copied');
    } catch {
      selectContents(secretRef.current);
      setCopy('selected');
    }
  };

  return (
    <div className="space-y-4">
      <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{warning}</span>
      </p>
      <dl className="grid gap-3 sm:grid-cols-2">
        {facts.map((fact) => (
          <div key={fact.label} className="min-w-0">
            <dt className={DETAIL_LABEL_CLASS}>{fact.label}</dt>
            <dd className="mt-0.5 text-lg break-words text-slate-900 tabular-nums">{fact.value}</dd>
          </div>
        ))}
        <div className={secret.wide ? 'sm:col-span-2' : undefined}>
          <dt className={DETAIL_LABEL_CLASS}>{secret.label}</dt>
          <dd className="mt-0.5">
            <code
              ref={secretRef}
              className="inline-block rounded-md bg-slate-100 px-2 py-1 font-mono text-lg break-all text-slate-900 select-all"
            >
              {secret.value}
            </code>
          </dd>
        </div>
      </dl>
      {children}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button ref={copyRef} variant="secondary" onClick={() => void copySecret()}>
          {copy === 'copied' ? (
            <Check aria-hidden="true" className="size-4 text-green-700" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copy === 'copied' ? 'Copied' : `Copy ${secret.noun}`}
        </Button>
        {whatsAppHref && (
          <a
            href={whatsAppHref}
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
          ? `${secret.label} copied to the clipboard.`
          : copy === 'selected'
            ? `The ${secret.noun} is selected: copy it with Ctrl+C (or Copy on a phone).`
            : ''}
      </p>
    </div>
  );
}

export interface PasswordShownOnceProps extends Omit<ShownOncePanelProps, 'warning' | 'secret'> {
  password: string;
  /** Whom to give it to, in the warning: "the member", a team member's name. */
  recipient: ReactNode;
  /** On a line of its own rather than beside the facts. */
  wide?: boolean;
}

/** A new password shown once, for a member or a team member alike. */
export function PasswordShownOnce({ password, recipient, wide, ...panel }: PasswordShownOnceProps) {
  return (
    <ShownOncePanel
      {...panel}
      warning={
        <>
          <strong>This password is shown only once.</strong> Copy it or send it to {recipient} now: once you
          close this window it cannot be shown again (you can reset it later).
        </>
      }
      secret={{
        label: 'Password',
        noun: 'password',
        value: password,
        ...(wide ? { wide } : {}),
      }}
    />
  );
}
