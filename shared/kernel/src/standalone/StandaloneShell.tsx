import { Alert } from '@suwerte/shared/pages';
import { Anchor, Button, Group, Link, Outlet, Text, callEndpoint, selectBalance, selectLoginState, useSession } from '@suwerte/shared';
import { signInWithAccessToken, signOut, startAccountSync } from '@suwerte/shared/host';
import { PasswordInput, TextInput } from '@suwerte/shared/inputs';
import { authEndpoints } from '@suwerte/contracts/account';
import { formatPeso } from '@suwerte/money';
import { useEffect, useState, type FormEvent } from 'react';

export interface StandaloneLink {
  label: string;
  to: string;
}

/**
 * The minimal dev shell a remote runs in on its own (`npm run dev -w remote-…`): the same
 * providers as the host, a plain sign-in against the player API, the balance, and links to
 * the remote's pages. Not part of the assembled site.
 */
export function StandaloneShell({ name, links }: { name: string; links: StandaloneLink[] }) {
  const loginState = useSession(selectLoginState);
  const balance = useSession(selectBalance);
  const token = useSession((state) => state.user.token);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // The same owner of the balance as in the host (fetch, then apply after 1 s; event stream).
    if (token) return startAccountSync();
  }, [token]);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { accesstoken } = await callEndpoint(authEndpoints.login, { body: { username, password } });
      if (!signInWithAccessToken(accesstoken)) setError('Login failed, please try again.');
    } catch {
      setError('Login failed, please try again.');
    }
  };

  return (
    <div style={{ padding: 16 }}>
      <Group justify="space-between" mb="md" component="header" wrap="wrap">
        <Group gap="xs">
          <Text fw={900} c="gold">
            SUWERTE
          </Text>
          <Text c="dimmed">remote-{name} (standalone)</Text>
        </Group>
        <Group gap="sm" component="nav" aria-label="Remote pages">
          {links.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to}>
              {link.label}
            </Anchor>
          ))}
        </Group>
        {loginState === 'loggedIn' ? (
          <Group gap="sm">
            <Text data-testid="header-balance">{balance === null ? '…' : formatPeso(balance)}</Text>
            <Button size="xs" variant="subtle" onClick={() => void signOut()}>
              Logout
            </Button>
          </Group>
        ) : (
          <Group component="form" gap="xs" onSubmit={signIn} align="flex-end">
            <TextInput size="xs" label="Username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
            <PasswordInput size="xs" label="Password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
            <Button size="xs" type="submit">
              Sign In
            </Button>
          </Group>
        )}
      </Group>
      {error && <Alert color="red" title={error} mb="md" />}
      <main>
        <Outlet />
      </main>
    </div>
  );
}
