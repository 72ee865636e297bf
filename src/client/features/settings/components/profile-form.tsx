import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useUpdateProfile } from '#client/api/profile.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { lazyZodResolver } from '#client/lib/lazy-resolver.ts';
import { notify } from '#client/lib/notify.ts';
import { failureDescription } from '#client/lib/offline/failure-description.ts';
import { useIdlePreload } from '#client/lib/use-idle-preload.ts';
import { profileLimits } from '#shared/rules/profile.ts';
import type { Profile } from '#shared/schemas/profile.ts';
import { FieldError } from './card-states.tsx';

const profileResolver = lazyZodResolver(() =>
  import('#shared/schemas/profile.ts').then((schemas) => schemas.updateProfileRequestSchema),
);

/** The read-only e-mail and the display name, checked on save by the shared schema. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  useIdlePreload(profileResolver.preload);
  const form = useForm({
    resolver: profileResolver,
    defaultValues: { display_name: profile.display_name },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    // The message is read out (role="alert"); focus stays on the Save button.
    shouldFocusError: false,
  });
  const update = useUpdateProfile();
  const displayName = useWatch({ control: form.control, name: 'display_name' });
  const error = form.formState.errors.display_name?.message;
  const isChanged = displayName.trim() !== profile.display_name;

  const onSubmit = form.handleSubmit((request) => {
    update.mutate(request, {
      onSuccess: (saved) => {
        form.setValue('display_name', saved.display_name);
        notify.success('Settings Saved', 'Your profile has been updated.');
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 400) {
          form.setError('display_name', { message: failure.message });
        }
        notify.error(
          'Save Failed',
          failureDescription(failure, 'There was an error saving your settings. Please try again.'),
        );
      },
    });
  });

  const errorId = `${id}-name-error`;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-5">
      <div className="space-y-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          value={profile.email}
          readOnly
          aria-describedby={`${id}-email-hint`}
          className="bg-muted focus-within:border-border"
        />
        <p id={`${id}-email-hint`} className="text-sm text-muted-foreground">
          Your e-mail address can&apos;t be changed here.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-name`}>Display name</Label>
        <Input
          id={`${id}-name`}
          {...form.register('display_name', {
            onChange: () => form.clearErrors('display_name'),
          })}
          autoComplete="name"
          maxLength={profileLimits.displayName}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FieldError id={errorId} message={error} />
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={!isChanged}
          isBusy={update.isPending}
          className="w-full sm:w-auto"
        >
          Save changes
        </Button>
      </div>
    </form>
  );
}
