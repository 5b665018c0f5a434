import '@suwerte/shared/inputs.css';
import { Alert } from '@suwerte/shared/pages';
import { Anchor, Button, Paper, SimpleGrid, Stack, Text, Title, getRuntimeConfig, notify, useDocumentTitle, useNavigate, useParams, useSearchParams, useSession } from '@suwerte/shared';
import { loadApiClient } from '@suwerte/shared/host';
import { Checkbox, PasswordInput, TextInput, useValidatedForm } from '@suwerte/shared/inputs';
import { REGISTER_TEXTS, RegisterFormSchema, type RegisterFormValues } from '@suwerte/contracts/account';
import { useEffect, useRef, useState } from 'react';
import { openSignInAfterRegistration } from './after-registration';
import { registerPlayer } from './register-player';

const FALLBACK_REFERRAL = 'SUWERTE';

/** `/Registration` and `/Registration/:id` — reading B rules; the referral comes from the path or `?referral=`. */
export function RegistrationPage() {
  useDocumentTitle('Create an Account · Suwerte');
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const openSignIn = useSession((state) => state.openSignIn);
  const referralFromLink = id ?? searchParams.get('referral') ?? '';
  const [withoutCode, setWithoutCode] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The server's refusal shows beside Register, where the player is (on a phone the top of the
  // form is out of sight by then), and takes the focus so a screen reader reads it too.
  const serverErrorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!serverError) return;
    serverErrorRef.current?.focus();
    serverErrorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [serverError]);

  // The API client loads with the first call (docs/decisions/237): here, while the form is filled in.
  useEffect(() => {
    void loadApiClient().catch(() => undefined);
  }, []);

  const form = useValidatedForm<RegisterFormValues>(RegisterFormSchema, { username: '', password: '', confirm: '', referral: referralFromLink, email: '', contactnumber: '' });

  const toggleWithoutCode = (checked: boolean) => {
    setWithoutCode(checked);
    const defaultCode = getRuntimeConfig()?.defaultReferralCode ?? FALLBACK_REFERRAL;
    form.setFieldValue('referral', checked ? defaultCode : referralFromLink);
    form.clearFieldError('referral');
  };

  const submit = form.onSubmit(async () => {
    const parsed = RegisterFormSchema.parse(form.getValues());
    setSubmitting(true);
    setServerError(null);
    try {
      await registerPlayer({
        username: parsed.username,
        password: parsed.password,
        referral: parsed.referral,
        email: parsed.email,
        contactnumber: parsed.contactnumber,
      });
      void notify({ kind: 'success', message: REGISTER_TEXTS.success });
      await navigate('/');
      openSignInAfterRegistration(openSignIn);
    } catch (error) {
      // Everything the player typed stays; only the server's text is shown.
      setServerError(error instanceof Error ? error.message : 'Registration failed');
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={640} mx="auto" my="md">
      <Title order={1} size="h2" mb={4}>
        Create an Account
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        Join Suwerte to play lotto, basketball Ending and Video Karera.
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Username" autoComplete="username" withAsterisk {...form.getInputProps('username')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password', tabIndex: 0 }}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirm password', tabIndex: 0 }}
              {...form.getInputProps('confirm')}
            />
          </SimpleGrid>
          <TextInput
            label="Referral code"
            withAsterisk
            readOnly={withoutCode}
            {...form.getInputProps('referral')}
          />
          <Checkbox
            label="Proceed without code"
            checked={withoutCode}
            onChange={(event) => toggleWithoutCode(event.currentTarget.checked)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
            <TextInput
              label="Contact number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              withAsterisk
              {...form.getInputProps('contactnumber')}
            />
          </SimpleGrid>
          {serverError && <Alert ref={serverErrorRef} tabIndex={-1} color="red" variant="light" role="alert" title={serverError} mt="xs" />}
          <Button type="submit" size="md" loading={submitting} mt={serverError ? 0 : 'xs'}>
            Register
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component="button" type="button" onClick={() => openSignIn(0)}>
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
