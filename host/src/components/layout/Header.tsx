import { ActionIcon, Button, Link, Loader, NavLink, selectLoginState, useSession } from '@suwerte/shared';
import { MoonIcon, SunIcon } from '@suwerte/ui';
import { AccountButton } from './AccountButton';
import classes from './Header.module.css';
import { MAIN_NAV } from './nav-items';

export function Header() {
  const loginState = useSession(selectLoginState);
  const mode = useSession((state) => state.mode);
  const toggleMode = useSession((state) => state.toggleMode);
  const openSignIn = useSession((state) => state.openSignIn);
  const modeLabel = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';

  return (
    <header className={classes.header}>
      <Link to="/" className={classes.brand} aria-label="Suwerte home">
        SUWERTE
      </Link>
      <nav className={classes.nav} aria-label="Main">
        {MAIN_NAV.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end} className={classes.navLink}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className={classes.actions}>
        <ActionIcon variant="subtle" color="gray" size="lg" onClick={toggleMode} aria-label={modeLabel} title={modeLabel}>
          {mode === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
        </ActionIcon>
        {loginState === 'undefined' && <Loader size="sm" aria-label="Loading your session" data-testid="session-loading" />}
        {loginState === 'loggedOut' && (
          <>
            <Button variant="outline" size="compact-md" onClick={() => openSignIn(0)}>
              Sign In
            </Button>
            <Button component={Link} to="/Registration" variant="filled" size="compact-md">
              Sign Up
            </Button>
          </>
        )}
        {loginState === 'loggedIn' && <AccountButton />}
      </div>
    </header>
  );
}
