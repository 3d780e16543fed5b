import { BlogManagement } from '../../features/blog/blog-management.tsx';

export function BlogPage() {
  return (
    <>
      <title>Blog Management · Sampark Admin</title>
      <BlogManagement />
    </>
  );
}
