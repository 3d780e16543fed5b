import { ApiRequestError } from '../../lib/api-client.ts';
import { MARKDOWN_CLASS_NAME } from '../../lib/markdown-class-name.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { LoadingState } from '../../ui/loading-state.tsx';
import { useBlogContentPreview } from './api.ts';

/** The content as the public post page will show it, rendered and sanitized by the server. */
export function MarkdownPreview({ content, active }: { content: string; active: boolean }) {
  const preview = useBlogContentPreview(content, active);
  const box = 'min-h-48 rounded-lg border border-slate-300 bg-white p-3 sm:p-4';

  if (content.trim() === '') {
    return <p className={`${box} text-slate-600`}>Nothing to preview yet.</p>;
  }
  if (preview.isPending) {
    return (
      <div className={box}>
        <LoadingState label="Loading preview..." />
      </div>
    );
  }
  // Content the server refuses (nested too deeply to render) gets its reason; trying again would not help.
  const refusal = preview.error instanceof ApiRequestError ? preview.error.fieldErrors.content : undefined;
  if (refusal) {
    return (
      <p className={`${box} text-red-700`} role="alert">
        {refusal}
      </p>
    );
  }
  if (preview.isError) {
    return (
      <LoadFailed look="boxed" className={box} onRetry={() => void preview.refetch()}>
        The preview could not be loaded.
      </LoadFailed>
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
