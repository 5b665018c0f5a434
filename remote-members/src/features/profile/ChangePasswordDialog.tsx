import { ApiError, Button, Group, Stack, notify, renewSessionToken, useEndpointMutation, useMediaQuery } from '@suwerte/shared';
import { Modal } from '@suwerte/shared/overlays';
import { PasswordInput, useValidatedForm } from '@suwerte/shared/inputs';
import { ChangePasswordFormSchema, accountEndpoints, type Account, type ChangePasswordFormValues } from '@suwerte/contracts/account';

export const PASSWORD_CHANGED = 'Successfully changed password';
export const PASSWORD_CHANGE_FAILED = 'Failed changing password, try again.';

export interface ChangePasswordDialogProps {
  account: Account;
  opened: boolean;
  onClose: () => void;
}

export function ChangePasswordDialog({ account, opened, onClose }: ChangePasswordDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const change = useEndpointMutation(accountEndpoints.updatePassword);
  const saving = change.isPending;
  const form = useValidatedForm<ChangePasswordFormValues>(ChangePasswordFormSchema, { password: '', confirm: '' });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ password }) => {
    try {
      const answer = await change.mutateAsync({ body: { id: account._id, username: account.username, password } });
      // The change ended every session, this page's too: it goes on with the token the answer carries.
      if (!renewSessionToken(answer.accesstoken)) throw new Error('The answer carries no token of this player');
      void notify({ kind: 'success', message: PASSWORD_CHANGED });
      close();
    } catch (error) {
      // The dialog stays open with what was typed, so the player can try again; a password the
      // server refuses (too common, the username: docs/decisions/147) says why under the field.
      void notify({ kind: 'error', message: PASSWORD_CHANGE_FAILED });
      if (error instanceof ApiError && error.status === 400 && error.serverText) form.setFieldError('password', error.serverText);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Change password" fullScreen={phone} centered closeButtonProps={{ 'aria-label': 'Close change password' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password', tabIndex: 0 }}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirm password', tabIndex: 0 }}
            {...form.getInputProps('confirm')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
