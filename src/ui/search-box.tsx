import { useEffect, useState } from 'react';
import { TextField } from './field';

/** How long typing pauses before the list asks. */
const DEBOUNCE_MS = 300;

/**
 * A list's search: what is typed goes to the URL (trimmed) once typing pauses,
 * and a search that changes in the URL (back, forward, a link) comes back into
 * the box.
 */
export function SearchBox({
  label,
  value,
  onSearch,
  testId,
}: {
  label: string;
  value: string;
  onSearch: (search: string) => void;
  testId?: string;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    // Our own search coming back leaves the box alone (a space typed before the next word stays).
    if (value !== text.trim()) setText(value);
  }

  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => onSearch(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <TextField
      label={label}
      type="search"
      name="search"
      autoComplete="off"
      enterKeyHint="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text.trim());
      }}
      data-testid={testId}
    />
  );
}
