import '@suwerte/shared/overlays.css';
import '@suwerte/shared/inputs.css';
import { Alert } from '@suwerte/shared/pages';
import { Anchor, Button, Stack, Text, callEndpoint, notify, useMediaQuery, useNavigate, useSession, Link } from '@suwerte/shared';
import { loadApiClient, signInWithAccessToken } from '@suwerte/shared/host';
import { Modal } from '@suwerte/shared/overlays';
import { PasswordInput, TextInput, useValidatedForm } from '@suwerte/shared/inputs';
import { LoginFormSchema, authEndpoints, type LoginFormValues } from '@suwerte/contracts/account';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { takeReturnTo } from './session-guard';

export const LOGIN_FAILED = 'Login failed, please try again.';
export const LOGIN_WELCOME = 'Welcome to Suwerte! Good luck and play responsibly.';

/** The sign-in dialog of document 1, section 2 — loaded the first time it opens. */
export default function SignInDialog() {
  const open = useSession((state) => state.signIn.open);
  const closeSignIn = useSession((state) => state.closeSignIn);
  const phone = useMediaQuery('(max-width: 48em)');
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);
  const form = useValidatedForm<LoginFormValues>(LoginFormSchema, { username: '', password: '' });
  // The button that opened the dialog gets the focus back when it closes. Mantine's own focus
  // return misses the first opening (this dialog's code loads after the click), so it is kept
  // here; a layout effect runs before the dialog's focus trap moves the focus inside.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  // The API client loads with the first call (docs/decisions/237): a visitor's is the sign-in, so it
  // comes while they type, not after they press the button.
  useEffect(() => {
    if (open) void loadApiClient().catch(() => undefined);
  }, [open]);
  const returnFocus = () => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      target.focus();
      return;
    }
    // Signed in, the header's Sign In has become the account menu (or the route guard opened the
    // dialog, with nothing focused before): the focus goes to the account menu, not the page body.
    document.querySelector<HTMLElement>('[data-account-menu]')?.focus();
  };

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    setFailed(false);
    // Only a live player token (role 420) becomes a session; anything else is a failed login.
    const accepted = await callEndpoint(authEndpoints.login, { body: values }).then(
      ({ accesstoken }) => signInWithAccessToken(accesstoken),
      () => false,
    );
    // Spec: the form resets once the response arrives.
    form.reset();
    setSubmitting(false);
    if (!accepted) {
      setFailed(true);
      return;
    }
    closeSignIn();
    void notify({ kind: 'success', title: 'Signed in', message: LOGIN_WELCOME });
    const returnTo = takeReturnTo();
    if (returnTo) void navigate(returnTo);
  });

  const close = () => {
    setFailed(false);
    form.reset();
    closeSignIn();
  };

  return (
    <Modal
      opened={open}
      onClose={close}
      fullScreen={phone}
      size="md"
      centered
      // Mantine renders the title as the dialog's h2 and labels the dialog with it.
      title="Welcome Back"
      styles={{ title: { fontSize: 'var(--mantine-h3-font-size)', fontWeight: 800 } }}
      closeButtonProps={{ 'aria-label': 'Close sign in' }}
      returnFocus={false}
      onExitTransitionEnd={returnFocus}
    >
      <Text c="dimmed" size="sm" mb="md">
        Sign in to your account to continue
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failed && (
            <Alert color="red" variant="light" role="alert" title={LOGIN_FAILED} onClose={() => setFailed(false)} withCloseButton closeButtonLabel="Dismiss" />
          )}
          <TextInput label="Username" autoComplete="username" data-autofocus {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            // Reachable with Tab (Mantine takes the toggle out of the tab order by default).
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password', tabIndex: 0 }}
            {...form.getInputProps('password')}
          />
          <Button type="submit" fullWidth loading={submitting} mt="xs">
            Login
          </Button>
          <Text size="sm" ta="center">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to="/Registration" onClick={close}>
              Sign up
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
