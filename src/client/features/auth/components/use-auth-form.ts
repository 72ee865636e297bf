import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * An auth form on its shared schema: checked on submit only, focus on the first field with a
 * message, and typing in a field takes its message away until the next try (as the forms always
 * did; checking while typing would scold a half-typed address).
 */
export function useAuthForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
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
