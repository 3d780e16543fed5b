import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { selectContents } from '../../lib/select-contents.ts';
import { Button, buttonClassName } from '../../ui/button.tsx';
import { FocusedPanel } from './focused-panel.tsx';

type CopyState = 'idle' | 'copied' | 'selected';

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** Whose codes they are, written at the top of the downloaded file. */
  email: string;
  onDone: () => void;
}

/**
 * Recovery codes shown once (the server keeps only their hashes), with Copy and Download; the panel takes
 * the focus when it appears, since the form that had it is gone (FocusedPanel).
 */
export function RecoveryCodesPanel({ codes, email, onDone }: RecoveryCodesPanelProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const listRef = useRef<HTMLOListElement>(null);
  const text = useMemo(
    () =>
      [
        `Recovery codes for ${email}`,
        'Each code signs you in once, in place of a code from your authenticator app.',
        '',
        ...codes,
        '',
      ].join('\n'),
    [codes, email],
  );
  const downloadUrl = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'text/plain' })), [text]);

  useEffect(() => () => URL.revokeObjectURL(downloadUrl), [downloadUrl]);

  const copyCodes = async () => {
    try {
      // Missing where the page is not a secure context (plain http on the local network).
      if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopy('copied');
    } catch {
      selectContents(listRef.current);
      setCopy('selected');
    }
  };

  return (
    <FocusedPanel titleId="recovery-codes-title" title="Your recovery codes">
      <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong>These codes are shown only once.</strong> Keep them somewhere safe, apart from your phone:
          if you lose it, each code signs you in once instead of a code from the app.
        </span>
      </p>
      <ol
        ref={listRef}
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-lg bg-slate-100 p-3 font-mono text-base text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="secondary" onClick={() => void copyCodes()}>
          {copy === 'copied' ? (
            <Check aria-hidden="true" className="size-4 text-green-700" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copy === 'copied' ? 'Copied' : 'Copy codes'}
        </Button>
        <a href={downloadUrl} download="recovery-codes.txt" className={buttonClassName('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          Download
        </a>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {copy === 'copied'
          ? 'Recovery codes copied to the clipboard.'
          : copy === 'selected'
            ? 'The codes are selected: copy them with Ctrl+C (or Copy on a phone).'
            : ''}
      </p>
    </FocusedPanel>
  );
}
