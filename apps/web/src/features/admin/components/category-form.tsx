/**
 * The category name form: used to create a category and, in the pop-up, to rename one. Its
 * field is held by react-hook-form; a save that succeeds (onSubmit resolves true) empties it.
 * A refusal is said beside the field (in the pop-up too, where a toast would sit behind its
 * backdrop) until the name is changed.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TEXT_LIMITS } from '@repo/shared/constants/limits';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';

export function CategoryForm({
  defaultName = '',
  onSubmit,
  busy,
  placeholder = 'Enter new category',
}: {
  defaultName?: string;
  /** Sends the name; resolves true when it was saved, else why not (shown beside the field). */
  onSubmit: (name: string) => Promise<true | string>;
  busy: boolean;
  placeholder?: string;
}) {
  const form = useForm({ defaultValues: { name: defaultName } });
  const [error, setError] = useState('');

  async function submit({ name }: { name: string }) {
    const saved = await onSubmit(name);
    if (saved === true) {
      setError('');
      form.reset({ name: '' });
    } else setError(saved);
  }

  // No client-side rule for an empty name; the server answers.
  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <TextField
        label="Name"
        autoComplete="off"
        placeholder={placeholder}
        fieldClassName="flex-1"
        maxLength={TEXT_LIMITS.categoryName}
        error={error || undefined}
        {...form.register('name', { onChange: () => setError('') })}
      />
      <Button type="submit" loading={busy}>
        Submit
      </Button>
    </form>
  );
}
