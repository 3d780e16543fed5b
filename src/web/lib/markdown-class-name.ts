/**
 * Readable Markdown output without a typography plugin: the elements a post may contain, styled here, the
 * same in the public post page and the editor's preview.
 */
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
