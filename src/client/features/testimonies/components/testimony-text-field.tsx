import { Label } from '#client/components/ui/label.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatCount } from '#client/lib/format-count.ts';
import { testimonyLimits } from '#shared/rules/testimonies.ts';

type TestimonyTextFieldProps = {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
};

/** A labelled textarea with a live count out of 2,000 characters. */
export function TestimonyTextField({
  id,
  label,
  placeholder,
  value,
  onChange,
}: TestimonyTextFieldProps) {
  const nearLimit = value.length >= testimonyLimits.answer * 0.9;
  return (
    <div className="space-y-2">
      <Label htmlFor={id} className="text-base">
        {label}
      </Label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={testimonyLimits.answer}
        rows={4}
        placeholder={placeholder}
        aria-describedby={`${id}-count`}
        className={cn(
          'block w-full resize-y rounded-2xl border border-input bg-background px-4 py-3 text-base leading-relaxed text-foreground shadow-xs transition-colors placeholder:text-muted-foreground',
          'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none',
        )}
      />
      <p
        id={`${id}-count`}
        className={cn(
          'text-right text-sm tabular-nums',
          nearLimit ? 'font-medium text-destructive' : 'text-muted-foreground',
        )}
      >
        <span className="sr-only">Characters used: </span>
        {formatCount(value.length)} / {formatCount(testimonyLimits.answer)}
      </p>
    </div>
  );
}
