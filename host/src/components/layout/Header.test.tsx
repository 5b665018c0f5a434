import { renderWithProviders, resetSession, signInForTest } from '@suwerte/shared/testing';
import { sessionStore } from '@suwerte/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from './Header';

describe('Header', () => {
  beforeEach(resetSession);

  it('shows a loading element while the login state is undefined', () => {
    sessionStore.setState({ hydrated: false });
    renderWithProviders(<Header />);
    expect(screen.getByTestId('session-loading')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });

  it('offers an outlined Sign In and a contained Sign Up to /Registration when logged out', async () => {
    renderWithProviders(<Header />);
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(signIn).toHaveAttribute('data-variant', 'outline');
    const signUp = screen.getByRole('link', { name: 'Sign Up' });
    expect(signUp).toHaveAttribute('href', '/Registration');
    expect(signUp).toHaveAttribute('data-variant', 'filled');
    await userEvent.click(signIn);
    expect(sessionStore.getState().signIn).toEqual({ open: true, id: 0 });
  });

  it('has the four main destinations', () => {
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Sports', '/Sports'],
      ['Lotto', '/Lotto'],
      ['E-Games', '/Egames'],
    ]);
  });

  it('shows the balance of a signed-in player, and it follows the store', () => {
    signInForTest('demoplayer', 1234.5);
    renderWithProviders(<Header />);
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₱1,234.50');
    act(() => {
      const account = sessionStore.getState().account;
      if (account) sessionStore.getState().setAccount({ ...account, balance: 1000 });
    });
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₱1,000.00');
  });

  it('toggles light and dark mode', async () => {
    renderWithProviders(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(sessionStore.getState().mode).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();
  });
});
