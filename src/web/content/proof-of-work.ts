/** What a form shows while the browser confirms a busy connection is a person (decision 027). */
export const PROOF_OF_WORK_COPY = {
  checking: 'Checking that you are a person…',
} as const;
