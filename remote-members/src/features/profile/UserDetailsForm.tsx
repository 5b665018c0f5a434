import { Button, Card, Group, SimpleGrid, Title, notify, useEndpointMutation } from '@suwerte/shared';
import { TextInput, useValidatedForm } from '@suwerte/shared/inputs';
import { ProfileFormSchema, accountEndpoints, type Account, type ProfileFormValues } from '@suwerte/contracts/account';
import { useState } from 'react';
import classes from './UserDetailsForm.module.css';

export const PROFILE_SAVED = 'Profile successfully change';
export const PROFILE_SAVE_FAILED = 'Failed changing profile, Try again.';

const locked = { input: classes.lockedValue };

const valuesOf = (account: Account): ProfileFormValues => ({
  fullname: account.fullname,
  email: account.email,
  contactnumber: account.contactnumber,
});

/** Fullname, email and contact number: disabled until EDIT, then SAVE (spec). */
export function UserDetailsForm({ account }: { account: Account }) {
  const [editing, setEditing] = useState(false);
  // Its definition refetches the account, so the header and the account card follow.
  const save = useEndpointMutation(accountEndpoints.updateProfile);
  const saving = save.isPending;
  const form = useValidatedForm<ProfileFormValues>(ProfileFormSchema, valuesOf(account));

  const cancel = () => {
    form.setValues(valuesOf(account));
    form.resetDirty(valuesOf(account));
    form.clearErrors();
    setEditing(false);
  };

  const submit = form.onSubmit(async () => {
    const values = ProfileFormSchema.parse(form.getValues());
    try {
      await save.mutateAsync({ body: values });
      form.setValues(valuesOf({ ...account, ...values }));
      void notify({ kind: 'success', message: PROFILE_SAVED });
      setEditing(false);
    } catch {
      void notify({ kind: 'error', message: PROFILE_SAVE_FAILED });
    }
  });

  const disabled = !editing || saving;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="user-details-title">
      <form onSubmit={submit} noValidate>
        <Group justify="space-between" mb="md">
          <Title order={2} size="h4" id="user-details-title">
            User details
          </Title>
          {editing ? (
            <Group gap="xs">
              <Button variant="default" onClick={cancel} disabled={saving}>
                CANCEL
              </Button>
              <Button key="save" type="submit" loading={saving}>
                SAVE
              </Button>
            </Group>
          ) : (
            // A distinct key: reusing the EDIT element as the submit button would submit on the same click.
            <Button key="edit" variant="outline" onClick={() => setEditing(true)}>
              EDIT
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Full name" autoComplete="name" disabled={disabled} classNames={locked} {...form.getInputProps('fullname')} />
          <TextInput label="Email" type="email" autoComplete="email" disabled={disabled} classNames={locked} {...form.getInputProps('email')} />
          <TextInput
            label="Contact number"
            type="tel"
            autoComplete="tel"
            disabled={disabled}
            classNames={locked}
            {...form.getInputProps('contactnumber')}
          />
        </SimpleGrid>
      </form>
    </Card>
  );
}
