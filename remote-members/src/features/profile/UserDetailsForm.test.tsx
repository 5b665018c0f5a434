import { fakeApi, renderWithProviders, resetSession, signInForTest, syncAccountForTest } from '@suwerte/shared/testing';
import { sessionStore } from '@suwerte/shared';
import { type Account } from '@suwerte/contracts/account';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_SAVED, UserDetailsForm } from './UserDetailsForm';

function account(): Account {
  const current = sessionStore.getState().account;
  if (!current) throw new Error('no account');
  return current;
}

describe('UserDetailsForm', () => {
  beforeEach(() => {
    resetSession();
    signInForTest();
    // As in the site: the account query owns the balance and mirrors it into the store.
    syncAccountForTest();
  });

  it('is disabled until EDIT, then offers SAVE', async () => {
    renderWithProviders(<UserDetailsForm account={account()} />);
    expect(screen.getByLabelText('Full name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'SAVE' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'EDIT' }));
    expect(screen.getByLabelText('Full name')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'SAVE' })).toBeInTheDocument();
  });

  it('an empty field shows nothing that reads as data — no example name, email or number — locked or editing', async () => {
    // A player who registered without a full name (registration does not ask for one), for instance.
    renderWithProviders(<UserDetailsForm account={{ ...account(), fullname: '', email: '', contactnumber: '' }} />);
    const looksLikeData = /@|\d{3}|^\p{Lu}\p{Ll}+\s+\p{Lu}/u;
    const fields = ['Full name', 'Email', 'Contact number'].map((label) => screen.getByLabelText(label));
    for (const editing of [false, true]) {
      if (editing) await userEvent.click(screen.getByRole('button', { name: 'EDIT' }));
      for (const field of fields) {
        expect(field).toHaveValue('');
        expect(field.getAttribute('placeholder') ?? '').not.toMatch(looksLikeData);
      }
    }
  });

  it('validates with the spec texts', async () => {
    renderWithProviders(<UserDetailsForm account={account()} />);
    await userEvent.click(screen.getByRole('button', { name: 'EDIT' }));
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'juan@');
    await userEvent.clear(screen.getByLabelText('Contact number'));
    await userEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText('Full Name is required')).toBeInTheDocument();
    expect(screen.getByText('Not a proper email')).toBeInTheDocument();
    expect(screen.getByText('Contact is required')).toBeInTheDocument();
  });

  it('saves, refreshes the account and locks the form again', async () => {
    const calls = fakeApi(({ method }) =>
      method === 'PUT'
        ? { status: 200, data: { message: 'Profile updated' } }
        : { status: 200, data: { ...account(), fullname: 'Maria Clara' } },
    );
    renderWithProviders(<UserDetailsForm account={account()} />);
    await userEvent.click(screen.getByRole('button', { name: 'EDIT' }));
    await userEvent.clear(screen.getByLabelText('Full name'));
    await userEvent.type(screen.getByLabelText('Full name'), 'Maria Clara');
    await userEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    await waitFor(() => expect(screen.getByLabelText('Full name')).toBeDisabled());
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/account/update/profile',
      body: { fullname: 'Maria Clara', email: 'juan@example.com', contactnumber: '09171234567' },
    });
    expect(sessionStore.getState().account?.fullname).toBe('Maria Clara');
    expect(PROFILE_SAVED).toBe('Profile successfully change');
  });
});
