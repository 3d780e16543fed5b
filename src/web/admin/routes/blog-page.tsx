import { BlogManagement } from '../../features/blog/blog-management.tsx';
import { AdminTitle } from '../admin-brand.tsx';

export function BlogPage() {
  return (
    <>
      <AdminTitle title="Blog Management" />
      <BlogManagement />
    </>
  );
}
