import { Search } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';

type BookmarkSearchProps = {
  value: string;
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** spec §2: one box that filters by book name or chapter number as the person types. */
export function BookmarkSearch({ value, onChange, ref }: BookmarkSearchProps) {
  const id = useId();
  return (
    <div role="search" className="relative">
      <Label htmlFor={id} className="sr-only">
        Search bookmarked chapters
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
        placeholder="Search bookmarked chapters..."
        autoComplete="off"
        className="pl-10"
      />
    </div>
  );
}
