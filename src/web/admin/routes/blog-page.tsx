import { ComingSoon } from './page-header.tsx';

export function BlogPage() {
  return (
    <ComingSoon
      title="Blog Management"
      note="Writing and publishing blog posts arrives in a coming release."
    />
  );
}
