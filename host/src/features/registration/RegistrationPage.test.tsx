import { fakeApi, renderWithProviders, resetSession } from '@suwerte/shared/testing';
import { sessionStore } from '@suwerte/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGN_IN_AFTER_REGISTRATION_MS } from './after-registration';
import { RegistrationPage } from './RegistrationPage';

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Username/), 'newplayer');
  await user.type(screen.getByLabelText(/^Password/), 'secret123');
  await user.type(screen.getByLabelText(/^Confirm password/), 'secret123');
  await user.type(screen.getByLabelText(/^Email/), 'new@example.com');
  await user.type(screen.getByLabelText(/^Contact number/), '09171234567');
}

const routes = [{ path: '/Registration', element: <RegistrationPage /> }, { path: '/Registration/:id', element: <RegistrationPage /> }];

describe('RegistrationPage', () => {
  beforeEach(resetSession);
  afterEach(() => vi.useRealTimers());

  it('reads the referral from /Registration/:id and from ?referral=', () => {
    renderWithProviders(<RegistrationPage />, { path: '/Registration/FRIEND1', routes });
    expect(screen.getByLabelText(/^Referral code/)).toHaveValue('FRIEND1');
  });

  it('reads ?referral=', () => {
    renderWithProviders(<RegistrationPage />, { path: '/Registration?referral=PAL22', routes });
    expect(screen.getByLabelText(/^Referral code/)).toHaveValue('PAL22');
  });

  it("fills the default code with 'Proceed without code'", async () => {
    renderWithProviders(<RegistrationPage />, { path: '/Registration', routes });
    await userEvent.click(screen.getByLabelText('Proceed without code'));
    expect(screen.getByLabelText(/^Referral code/)).toHaveValue('SUWERTE');
    await userEvent.click(screen.getByLabelText('Proceed without code'));
    expect(screen.getByLabelText(/^Referral code/)).toHaveValue('');
  });

  it('shows validation messages and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegistrationPage />, { path: '/Registration', routes });
    await user.type(screen.getByLabelText(/^Username/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Please input referral')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your contact number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveValue('abc');
  });

  it("maps 'No reffer Found' and keeps the form", async () => {
    const user = userEvent.setup();
    fakeApi(() => ({ status: 400, data: { message: 'No reffer Found' } }));
    renderWithProviders(<RegistrationPage />, { path: '/Registration?referral=BOGUS', routes });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please input valid referral')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toHaveValue('newplayer');
  });

  it('sends the stripped username, goes to / and opens the sign-in dialog 2 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = fakeApi(() => ({ status: 201, data: { message: 'Registration Successful' } }));
    const { router } = renderWithProviders(<RegistrationPage />, { path: '/Registration?referral=SUWERTE', routes });
    await fillValid(user);
    await user.type(screen.getByLabelText(/^Username/), ' x');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/register',
      body: { username: 'newplayerx', referral: 'SUWERTE', email: 'new@example.com', contactnumber: '09171234567' },
    });
    expect(sessionStore.getState().signIn.open).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SIGN_IN_AFTER_REGISTRATION_MS);
    });
    expect(sessionStore.getState().signIn.open).toBe(true);
  });
});
