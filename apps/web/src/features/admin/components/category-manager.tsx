/**
 * The category page: the create form, the list with Edit and Delete, the edit pop-up and the
 * delete confirmation (the shop's own dialog), each with its toast. Every change refreshes
 * the list (the mutations invalidate it).
 */
import { useState } from 'react';
import type { Category } from '@repo/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Loading } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useCategories } from '@/lib/api/get-categories';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useUpdateCategory } from '../api/update-category';
import { settle, useLoadFailure } from '@/lib/outcome';
import { CategoryForm } from './category-form';
import { CategoryTable } from './category-table';
import { Modal } from '@/components/ui/modal';

const INPUT_FORM_FAILED = 'somthing went wrong in input form';
const UPDATE_FORM_FAILED = 'somthing went wrong in update form';
const DELETE_FAILED = 'Something went wrong in delete category';

export function CategoryManager() {
  const categories = useCategories();
  useLoadFailure(categories, 'categories', {
    refused: 'Something went wrong',
    error: 'Something went wrong',
  });
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();

  const [editing, setEditing] = useState<Category | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);

  async function handleCreate(name: string) {
    let why = INPUT_FORM_FAILED;
    const answer = await settle(
      create.mutateAsync({ name }),
      { refused: INPUT_FORM_FAILED, exception: INPUT_FORM_FAILED },
      (fields, refusal) => (why = fields.name ?? refusal ?? why),
    );
    if (!answer) return why;
    toast.success(`${answer.category?.name ?? name.trim()} is created`);
    return true as const;
  }

  async function handleUpdate(category: Category, name: string) {
    let why = UPDATE_FORM_FAILED;
    const answer = await settle(
      update.mutateAsync({ id: category._id, name }),
      { refused: UPDATE_FORM_FAILED, exception: UPDATE_FORM_FAILED },
      (fields, refusal) => (why = fields.name ?? refusal ?? why),
    );
    if (!answer) return why;
    toast.success(`${answer.category?.name ?? name.trim()} is updated`);
    setEditing(null);
    return true as const;
  }

  async function handleDelete(category: Category) {
    const answer = await settle(remove.mutateAsync(category._id), {
      refused: DELETE_FAILED,
      exception: DELETE_FAILED,
    });
    setDeleting(null);
    if (answer) toast.success(`${category.name} is deleted`);
  }

  const list = categories.data?.success ? categories.data.category : [];
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <CategoryForm onSubmit={handleCreate} busy={create.isPending} />
      {categories.isPending ? (
        <Loading text="Loading categories..." />
      ) : (
        <CategoryTable
          categories={list}
          onEdit={setEditing}
          onDelete={setDeleting}
          deletingId={remove.isPending ? remove.variables : undefined}
        />
      )}
      {editing && (
        <Modal title={`Edit category "${editing.name}"`} onClose={() => setEditing(null)}>
          <CategoryForm
            key={editing._id}
            defaultName={editing.name}
            onSubmit={(name) => handleUpdate(editing, name)}
            busy={update.isPending}
            placeholder="Category name"
          />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the category "${deleting.name}"?`}
          confirmLabel="Delete category"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={() => void handleDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>This cannot be undone. A category that still has products cannot be deleted.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
