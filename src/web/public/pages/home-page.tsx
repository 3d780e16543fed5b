import { Link } from 'react-router';
import { HOME_COPY } from '../../content/pages.ts';
import { fillCopy } from '../../content/site.ts';

export function HomePage() {
  return (
    <section aria-labelledby="home-heading" className="mx-auto max-w-5xl px-4 py-16 sm:py-24">
      <h1 id="home-heading" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl">
        {fillCopy(HOME_COPY.heading)}
      </h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700 sm:text-xl">{fillCopy(HOME_COPY.lead)}</p>
      <Link
        to="/contact"
        className="mt-8 inline-flex rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {HOME_COPY.cta}
      </Link>
    </section>
  );
}
