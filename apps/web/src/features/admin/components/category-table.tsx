import type { Category } from '@repo/shared';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { TagIcon } from './admin-icons';

export function CategoryTable({
  categories,
  onEdit,
  onDelete,
  deletingId,
}: {
  categories: Category[];
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
  deletingId?: string;
}) {
  if (categories.length === 0) {
    return <EmptyState title="No categories yet." icon={<TagIcon />} />;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Categories</caption>
        <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Name
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {categories.map((c) => (
            <tr key={c._id} className="bg-white dark:bg-slate-900">
              <th
                scope="row"
                id={`category-${c._id}`}
                className="px-4 py-3 font-medium break-words text-slate-900 dark:text-slate-100"
              >
                {c.name}
              </th>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  {/* The row's name describes each button, so the names stay "Edit" and "Delete". */}
                  <Button
                    size="sm"
                    variant="outline"
                    aria-describedby={`category-${c._id}`}
                    onClick={() => onEdit(c)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    aria-describedby={`category-${c._id}`}
                    disabled={deletingId === c._id}
                    onClick={() => onDelete(c)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
