/**
 * An email address that breaks, when it must, before its "@" rather than in the middle of a word (break-all
 * made "example.com" into "exam" and "ple.com" in a narrow column). From the `sm` width up each half stays
 * whole; on a phone a very long half may still wrap at a hyphen or dot rather than stick out of the screen.
 */
export function EmailAddress({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at <= 0) return value;
  return (
    <>
      <span className="sm:whitespace-nowrap">{value.slice(0, at)}</span>
      <wbr />
      <span className="sm:whitespace-nowrap">{value.slice(at)}</span>
    </>
  );
}
