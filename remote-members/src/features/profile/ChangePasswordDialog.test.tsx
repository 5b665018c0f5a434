import { fakeAccessToken, fakeApi, renderWithProviders, resetSession, signInForTest } from '@suwerte/shared/testing';
import { sessionStore } from '@suwerte/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangePasswordDialog } from './ChangePasswordDialog';

describe('ChangePasswordDialog', () => {
  beforeEach(() => {
    resetSession();
    signInForTest();
  });

  /** Types a valid new password twice and submits. */
  async function submitNewPassword() {
    await userEvent.type(await screen.findByLabelText('New password'), 'newsecret1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'newsecret1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  }

  function open(onClose = vi.fn()) {
    const account = sessionStore.getState().account;
    if (!account) throw new Error('no account');
    renderWithProviders(<ChangePasswordDialog account={account} opened onClose={onClose} />);
    return onClose;
  }

  it("requires matching passwords ('Password must match')", async () => {
    open();
    await userEvent.type(await screen.findByLabelText('New password'), 'newsecret1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'newsecret2');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must match')).toBeInTheDocument();
  });

  it('sends id, username and the new password, goes on with the new token it answers (every other session ended), then closes', async () => {
    const renewed = fakeAccessToken({ UserInfo: { username: 'demoplayer', role: 420 }, exp: Math.floor(Date.now() / 1000) + 7200, ver: 1 });
    const calls = fakeApi(() => ({ status: 200, data: { message: 'Password updated', accesstoken: renewed } }));
    const onClose = open();
    const account = sessionStore.getState().account;
    await submitNewPassword();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/account/update',
      body: { id: '0123456789abcdef01234567', username: 'demoplayer', password: 'newsecret1' },
    });
    expect(sessionStore.getState().user).toMatchObject({ token: renewed, name: 'demoplayer', loggedIn: true });
    expect(sessionStore.getState().account).toEqual(account);
  });

  it("keeps the dialog open when the answer carries another player's token", async () => {
    const someoneElse = fakeAccessToken({ UserInfo: { username: 'intruder', role: 420 }, exp: Math.floor(Date.now() / 1000) + 7200 });
    fakeApi(() => ({ status: 200, data: { message: 'Password updated', accesstoken: someoneElse } }));
    const onClose = open();
    await submitNewPassword();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
    expect(sessionStore.getState().user.token).toBe('test-token');
  });

  it('keeps the dialog open when the change fails', async () => {
    fakeApi(() => ({ status: 500, data: { message: 'Internal server error' } }));
    const onClose = open();
    await submitNewPassword();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('New password')).toHaveValue('newsecret1');
  });
});
