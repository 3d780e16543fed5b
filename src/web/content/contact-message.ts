/** The contact form's page of its own, which browsers without script reach from "Write to us". */
export const CONTACT_MESSAGE_PAGE_COPY = {
  meta: {
    title: 'Send us a message | {product}',
    description: 'Write to {product}: your name, phone, email, city, the service you need and your query.',
  },
  backToContact: 'Back to Contact us',
} as const;
