import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadOnce } from './load-once.ts';
import { notify } from './notify.ts';

const notLoadedMessage =
  'Grounded could not load what it needs to check this form. Please check your connection and try again.';

type Load<Input, Output> = () => Promise<z.ZodType<Output, Input>>;

/** A form's resolver, and a way to fetch what it needs before the first check. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

/**
 * A react-hook-form resolver on a zod schema that `load` brings with import() (a shared schema,
 * or a client one in a *.lazy.ts module), so that zod and the resolver (about 25 KB gzip) are
 * not part of a screen's first load (decision 014). The form uses it as
 * it would use zodResolver(schema); `useIdlePreload(resolver.preload)` fetches it once the page is
 * idle, so that the first check does not wait. `raw: true` hands the form's values on unchanged when valid.
 *
 * If the code cannot be fetched (a network failure the service worker cannot answer), the check
 * fails with a message at the form's root and a toast, nothing is sent, and the next try
 * fetches it again.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: Load<Input, Output>,
  options: { raw?: boolean } = {},
): LazyResolver<Input, Output> {
  const resolver = loadOnce(() =>
    Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) =>
        zodResolver(schema as never, undefined, options as never) as unknown as Resolver<
          Input,
          unknown,
          Output
        >,
    ),
  );
  const get = resolver.load;
  const resolve: Resolver<Input, unknown, Output> = async (values, context, resolverOptions) => {
    try {
      return await (
        await get()
      )(values, context, resolverOptions);
    } catch {
      notify.error('Could not check the form', notLoadedMessage);
      const errors = { root: { type: 'load', message: notLoadedMessage } };
      return { values: {}, errors: errors as FieldErrors<Input> };
    }
  };
  return Object.assign(resolve, { preload: () => void get().catch(() => undefined) });
}
