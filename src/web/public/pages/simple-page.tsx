/** A heading and a paragraph: the terms, privacy and game pages until their full versions arrive. */
export function SimplePage({ heading, body }: { heading: string; body: string }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{body}</p>
    </article>
  );
}
