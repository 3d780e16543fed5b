import { RefreshCw } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { useBlogContentPreview } from './api.ts';

/** Readable Markdown output without a typography plugin: the elements a post may contain, styled here. */
export const MARKDOWN_CLASS_NAME = [
  'space-y-3 break-words text-slate-800 leading-relaxed',
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_h4]:font-semibold [&_h1,&_h2,&_h3,&_h4]:text-slate-900 [&_h1,&_h2,&_h3]:mt-5',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul,&_ol]:space-y-1 [&_ul,&_ol]:pl-6',
  '[&_a]:text-indigo-700 [&_a]:underline',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-4 [&_blockquote]:text-slate-600',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_table]:block [&_table]:overflow-x-auto [&_td,&_th]:border [&_td,&_th]:border-slate-300 [&_td,&_th]:px-2',
  '[&_hr]:border-slate-200 [&>:first-child]:mt-0',
].join(' ');

/** The content as the public post page will show it, rendered and sanitized by the server. */
export function MarkdownPreview({ content, active }: { content: string; active: boolean }) {
  const preview = useBlogContentPreview(content, active);
  const box = 'min-h-48 rounded-lg border border-slate-300 bg-white p-3 sm:p-4';

  if (content.trim() === '') {
    return <p className={`${box} text-slate-500`}>Nothing to preview yet.</p>;
  }
  if (preview.isPending) {
    return (
      <div className={box}>
        <LoadingState label="Loading preview..." />
      </div>
    );
  }
  if (preview.isError) {
    return (
      <div className={`${box} text-center`} role="alert">
        <p className="text-red-700">The preview could not be loaded.</p>
        <Button variant="secondary" className="mt-3" onClick={() => preview.refetch()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div
      className={`${box} ${MARKDOWN_CLASS_NAME}`}
      // Rendered from Markdown and sanitized by the server, the same HTML the public post page shows.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitized HTML (see above)
      dangerouslySetInnerHTML={{ __html: preview.data }}
    />
  );
}
