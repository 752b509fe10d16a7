/** The admin lists' search (users, products): a field and Find, kept in the URL as ?q=. */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';

/** The list's search from the URL, and a setter that also goes back to its first page. */
export function useSearchParam(): [string, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  function search(next: string) {
    setParams((p) => {
      const copy = new URLSearchParams(p);
      copy.delete('page');
      if (next) copy.set('q', next);
      else copy.delete('q');
      return copy;
    });
  }
  return [q, search];
}

export function ListSearch({
  q,
  onSearch,
  label,
  placeholder,
  showAll,
}: {
  q: string;
  onSearch: (q: string) => void;
  /** "Find a user" */
  label: string;
  placeholder: string;
  /** "Show all users" */
  showAll: string;
}) {
  const [text, setText] = useState(q);
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
      className="flex flex-wrap items-end gap-2"
    >
      <TextField
        label={label}
        placeholder={placeholder}
        fieldClassName="w-full max-w-xs"
        value={text}
        maxLength={80}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" variant="secondary">
        Find
      </Button>
      {q && (
        <Button variant="ghost" onClick={() => onSearch('')}>
          {showAll}
        </Button>
      )}
    </form>
  );
}
