import { Search } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

type SearchBoxProps = {
  /** The box's accessible name (not shown; the placeholder says the same). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** A search landmark with one box that filters a list as the person types. */
export function SearchBox({ label, placeholder, value, onChange, ref }: SearchBoxProps) {
  const id = useId();
  return (
    <div role="search" className="relative">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        ref={ref}
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="pl-10"
      />
    </div>
  );
}
