import { fakeAccessToken, fakeApi, renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { sessionStore } from '@suwerte/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SignInDialog, { LOGIN_FAILED } from './SignInDialog';

const exp = () => Math.floor(Date.now() / 1000) + 3600;

function openDialog() {
  sessionStore.getState().openSignIn(0);
  renderWithProviders(<SignInDialog />);
}

describe('SignInDialog', () => {
  beforeEach(resetSession);

  it('has the spec texts, a show/hide password toggle and a Sign up link', async () => {
    openDialog();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account to continue')).toBeInTheDocument();
    expect(screen.getByText(/Don.t have an account\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/Registration');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show or hide password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('shows a field error once the field was focused and left, and every error on submit', async () => {
    openDialog();
    const username = await screen.findByLabelText('Username');
    // Touched = focused and left (document 1, section 5): leaving the empty field shows its error.
    await userEvent.click(username);
    await userEvent.tab();
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    // A field never visited shows nothing until submit.
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    await userEvent.type(username, 'abc');
    await userEvent.tab();
    expect(await screen.findByText('Must be at least 4 characters')).toBeInTheDocument();
    await userEvent.clear(username);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('a blur that comes with closing the dialog leaves no error behind', async () => {
    openDialog();
    const username = await screen.findByLabelText('Username');
    await userEvent.click(username);
    await userEvent.click(screen.getByRole('button', { name: 'Close sign in' }));
    await waitFor(() => expect(sessionStore.getState().signIn.open).toBe(false));
    act(() => sessionStore.getState().openSignIn(0));
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
  });

  it('refuses a token whose role is not 420 with the generic failure', async () => {
    fakeApi(() => ({ status: 200, data: { accesstoken: fakeAccessToken({ UserInfo: { username: 'operator1', role: 1 }, exp: exp() }) } }));
    openDialog();
    await userEvent.type(await screen.findByLabelText('Username'), 'operator1');
    await userEvent.type(screen.getByLabelText('Password'), 'operator123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(LOGIN_FAILED)).toBeInTheDocument();
    expect(sessionStore.getState().user.token).toBeNull();
    // Spec: the form resets once the response arrives.
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });

  it('shows the failure when the server refuses the credentials', async () => {
    fakeApi(() => ({ status: 401, data: { message: 'Invalid username or password' } }));
    openDialog();
    await userEvent.type(await screen.findByLabelText('Username'), 'demoplayer');
    await userEvent.type(screen.getByLabelText('Password'), 'wrongpass1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(LOGIN_FAILED)).toBeInTheDocument();
  });

  it('starts the session and closes on success', async () => {
    const calls = fakeApi(() => ({
      status: 200,
      data: { accesstoken: fakeAccessToken({ UserInfo: { username: 'demoplayer', role: 420 }, exp: exp() }) },
    }));
    openDialog();
    await userEvent.type(await screen.findByLabelText('Username'), 'demoplayer');
    await userEvent.type(screen.getByLabelText('Password'), 'suwerte123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(sessionStore.getState().user.name).toBe('demoplayer'));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/player/login', body: { username: 'demoplayer', password: 'suwerte123' } });
    expect(sessionStore.getState().signIn.open).toBe(false);
  });
});
