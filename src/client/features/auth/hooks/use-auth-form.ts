import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { LazyResolver } from '#client/lib/lazy-resolver.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';

/**
 * An auth form on its shared schema (lazyZodResolver): checked on submit only, focus on the first field with a
 * message, and typing in a field takes its message away until the next try (as the forms always
 * did; checking while typing would scold a half-typed address).
 */
export function useAuthForm<Input extends FieldValues, Output>(
  resolver: LazyResolver<Input, Output>,
  defaultValues: DefaultValues<Input>,
) {
  useIdlePreload(resolver.preload);
  const form = useForm<Input, unknown, Output>({
    resolver,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
  });

  /** register(name), which also clears the field's message and tells `onChange` the value. */
  function field<Name extends Path<Input>>(
    name: Name,
    onChange?: (value: string) => void,
  ): UseFormRegisterReturn<Name> {
    return form.register(name, {
      onChange: (event: { target: { value: string } }) => {
        form.clearErrors(name);
        onChange?.(event.target.value);
      },
    });
  }

  return { form, field };
}
