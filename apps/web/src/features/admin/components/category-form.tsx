/**
 * The category name form: used to create a category and, in the pop-up, to rename one. Its
 * field is held by react-hook-form; a save that succeeds (onSubmit resolves true) empties it.
 */
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';

export function CategoryForm({
  defaultName = '',
  onSubmit,
  busy,
  placeholder = 'Enter new category',
}: {
  defaultName?: string;
  /** Sends the name; resolves true when it was saved. */
  onSubmit: (name: string) => Promise<boolean>;
  busy: boolean;
  placeholder?: string;
}) {
  const form = useForm({ defaultValues: { name: defaultName } });

  async function submit({ name }: { name: string }) {
    if (await onSubmit(name)) form.reset({ name: '' });
  }

  // SPEC §5: no client-side rule for an empty name; the server answers.
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
        {...form.register('name')}
      />
      <Button type="submit" loading={busy}>
        Submit
      </Button>
    </form>
  );
}
