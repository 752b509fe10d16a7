/**
 * The category page: the create form, the list with Edit and Delete, the edit pop-up and the
 * delete confirmation (the shop's own dialog), with SPEC §8's toasts. Every change refreshes
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

  const [name, setName] = useState('');
  const [editing, setEditing] = useState<Category | null>(null);
  const [newName, setNewName] = useState('');
  const [deleting, setDeleting] = useState<Category | null>(null);

  async function handleCreate() {
    const answer = await settle(create.mutateAsync({ name }), {
      refused: INPUT_FORM_FAILED,
      exception: INPUT_FORM_FAILED,
    });
    if (!answer) return;
    toast.success(`${answer.category?.name ?? name.trim()} is created`);
    setName('');
  }

  function openEdit(category: Category) {
    setEditing(category);
    setNewName(category.name);
  }

  async function handleUpdate() {
    if (!editing) return;
    const answer = await settle(update.mutateAsync({ id: editing._id, name: newName }), {
      refused: UPDATE_FORM_FAILED,
      exception: UPDATE_FORM_FAILED,
    });
    if (!answer) return;
    toast.success(`${answer.category?.name ?? newName.trim()} is updated`);
    setEditing(null);
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
      <CategoryForm
        value={name}
        onChange={setName}
        onSubmit={handleCreate}
        busy={create.isPending}
      />
      {categories.isPending ? (
        <Loading text="Loading categories..." />
      ) : (
        <CategoryTable
          categories={list}
          onEdit={openEdit}
          onDelete={setDeleting}
          deletingId={remove.isPending ? remove.variables : undefined}
        />
      )}
      {editing && (
        <Modal title={`Edit category "${editing.name}"`} onClose={() => setEditing(null)}>
          <CategoryForm
            value={newName}
            onChange={setNewName}
            onSubmit={handleUpdate}
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
