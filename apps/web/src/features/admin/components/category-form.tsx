/** The category name form: used to create a category and, in the pop-up, to rename one. */
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';

export function CategoryForm({
  value,
  onChange,
  onSubmit,
  busy,
  placeholder = 'Enter new category',
}: {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy: boolean;
  placeholder?: string;
}) {
  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }
  // SPEC §5: no client-side rule for an empty name; the server answers.
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        fieldClassName="flex-1"
      />
      <Button type="submit" loading={busy}>
        Submit
      </Button>
    </form>
  );
}
