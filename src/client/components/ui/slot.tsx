import {
  cloneElement,
  isValidElement,
  useCallback,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefCallback,
} from 'react';

type Props = Record<string, unknown>;

/** Sets a ref of either kind; a callback ref's cleanup (React 19) is handed back. */
function setRef<T>(ref: Ref<T> | undefined, value: T | null): (() => void) | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(value);
    return typeof cleanup === 'function' ? cleanup : undefined;
  }
  if (ref) ref.current = value;
  return undefined;
}

/** One callback ref that sets both, the same function while neither changes. */
function useBothRefs<T>(own: Ref<T> | undefined, child: Ref<T> | undefined): RefCallback<T> {
  return useCallback(
    (node: T | null) => {
      const refs = [own, child];
      const cleanups = refs.map((ref) => setRef(ref, node));
      return () => {
        cleanups.forEach((cleanup, index) => (cleanup ? cleanup() : setRef(refs[index], null)));
      };
    },
    [own, child],
  );
}

/** The slot's props under the child's: handlers both run (the child's first), styles and classes join. */
function mergeProps(own: Props, child: Props): Props {
  const merged: Props = { ...own, ...child };
  for (const name of Object.keys(child)) {
    const ownValue = own[name];
    const childValue = child[name];
    if (/^on[A-Z]/.test(name)) {
      if (typeof ownValue === 'function' && typeof childValue === 'function') {
        merged[name] = (...args: unknown[]) => {
          const result: unknown = childValue(...args);
          ownValue(...args);
          return result;
        };
      } else if (ownValue && !childValue) merged[name] = ownValue;
    } else if (name === 'style') {
      merged[name] = { ...(ownValue as object), ...(childValue as object) };
    } else if (name === 'className' || name === 'aria-describedby') {
      merged[name] = [ownValue, childValue].filter(Boolean).join(' ');
    }
  }
  return merged;
}

/**
 * `asChild` for the app's own buttons: draws its one child element (a Link, say) with these props
 * merged into the child's, as Radix's Slot does. Radix's brought about 1 KB gzip into every first
 * load for this alone (decision 014); Radix's own parts still use theirs.
 */
export function Slot({
  children,
  ref,
  ...props
}: Props & { children?: ReactNode; ref?: Ref<unknown> }) {
  const child = isValidElement<Props>(children) ? (children as ReactElement<Props>) : null;
  const childRef = child?.props.ref as Ref<unknown> | undefined;
  const bothRefs = useBothRefs(ref, childRef);
  if (!child) return children ?? null;
  return cloneElement(child, {
    ...mergeProps(props, child.props),
    ref: ref ? bothRefs : childRef,
  });
}
