type VerseFigureProps = {
  text: string;
  reference: string;
  /** Where the figure sits in its card (margins, width). */
  className?: string;
};

/** A verse set large in the serif, with its reference and '(KJV)' under it. */
export function VerseFigure({ text, reference, className }: VerseFigureProps) {
  return (
    <figure className={className}>
      <blockquote className="font-serif text-2xl leading-relaxed text-balance sm:text-3xl sm:leading-snug">
        <p>&ldquo;{text}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-5 font-semibold tracking-wide text-primary">
        {reference} <span className="text-xs font-medium">(KJV)</span>
      </figcaption>
    </figure>
  );
}
