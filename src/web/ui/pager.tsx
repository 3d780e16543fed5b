import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button.tsx';

export interface PagerProps {
  page: number;
  /** Shown as "Page 2 of 5" when known; "Page 2" otherwise. */
  pageCount?: number;
  hasNextPage: boolean;
  onPageChange: (page: number) => void;
}

/** Previous and Next below a list, with the page between them. */
export function Pager({ page, pageCount, hasNextPage, onPageChange }: PagerProps) {
  const hasPreviousPage = page > 1;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 pt-1">
      {/* aria-disabled, not disabled: the button keeps the focus when it reaches the first or last page. */}
      <Button
        variant="secondary"
        aria-disabled={!hasPreviousPage}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        onClick={() => hasPreviousPage && onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </Button>
      <span className="text-sm text-slate-600">
        Page {page.toLocaleString()}
        {pageCount !== undefined && ` of ${pageCount.toLocaleString()}`}
      </span>
      <Button
        variant="secondary"
        aria-disabled={!hasNextPage}
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        onClick={() => hasNextPage && onPageChange(page + 1)}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
