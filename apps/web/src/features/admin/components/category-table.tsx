import type { Category } from '@repo/shared';
import { buttonClass } from './styles';

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
    return <p className="py-6 text-center text-slate-500 dark:text-slate-400">No categories yet.</p>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Categories</caption>
        <thead className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Name</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {categories.map((c) => (
            <tr key={c._id} className="bg-white dark:bg-slate-900">
              <th scope="row" id={`category-${c._id}`} className="px-4 py-3 font-medium break-words text-slate-900 dark:text-slate-100">
                {c.name}
              </th>
              <td className="px-4 py-3">
                <div className="flex justify-end gap-2">
                  {/* The row's name describes each button, so the names stay "Edit" and "Delete". */}
                  <button
                    type="button"
                    aria-describedby={`category-${c._id}`}
                    onClick={() => onEdit(c)}
                    className={`${buttonClass.small} bg-brand-600 text-white hover:bg-brand-700 dark:bg-brand-500 dark:hover:bg-brand-600`}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    aria-describedby={`category-${c._id}`}
                    disabled={deletingId === c._id}
                    onClick={() => onDelete(c)}
                    className={`${buttonClass.small} bg-red-600 text-white hover:bg-red-700 dark:bg-red-600 dark:hover:bg-red-500`}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
