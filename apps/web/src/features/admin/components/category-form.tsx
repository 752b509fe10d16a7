/** The category name form: used to create a category and, in the pop-up, to rename one. */
import { useId, type FormEvent } from 'react';
import { buttonClass, inputClass, labelClass } from './styles';

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
  const id = useId();
  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }
  // SPEC §5: no client-side rule for an empty name; the server answers.
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={id} className={labelClass}>
          Name
        </label>
        <input
          id={id}
          name="name"
          type="text"
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
      </div>
      <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass.primary}>
        Submit
      </button>
    </form>
  );
}
