import type { SiteSettings } from '../../shared/contracts/site-settings.ts';
import type { ContactFacts } from '../../shared/rules/contact-facts.ts';
import { digitsOf } from '../../shared/rules/fields.ts';
import { absoluteUrl, pictureUrl } from '../head.ts';

/** schema.org data for search engines: what the business and its pages really are, not keyword stuffing. */

/**
 * The business and how to reach it (its phone from the first published phone channel); no `sameAs`, since it
 * would have to list profiles we cannot vouch for.
 */
export function organizationJsonLd(settings: SiteSettings, facts: ContactFacts, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: settings.brandName,
    url: absoluteUrl(origin, '/'),
    email: settings.supportEmail,
    contactPoint: [
      ...(facts.phone
        ? [
            {
              '@type': 'ContactPoint',
              contactType: 'customer support',
              telephone: `+${digitsOf(facts.phone)}`,
              areaServed: 'IN',
            },
          ]
        : []),
      {
        '@type': 'ContactPoint',
        contactType: 'customer support',
        email: settings.supportEmail,
        areaServed: 'IN',
      },
    ],
  };
}

/** The questions and answers of a page's FAQ, in the page's language and with their placeholders filled. */
export function faqPageJsonLd(faqs: readonly { question: string; answer: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

/** A blog post for search engines; `url` is the post's absolute address. */
export function blogPostingJsonLd(
  post: {
    title: string;
    description: string;
    image: string;
    author: string;
    createdAt: string;
    updatedAt: string;
    publishedAt: string | null;
  },
  url: string,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    ...(post.image ? { image: pictureUrl(url, post.image) } : {}),
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: post.author },
    url,
    mainEntityOfPage: url,
  };
}
