import { NavLink } from '@suwerte/shared';
import classes from './BottomNav.module.css';
import { MAIN_NAV } from './nav-items';

/** Below Mantine's `lg` breakpoint the four main destinations move to a bottom bar. */
export function BottomNav() {
  return (
    <nav className={classes.bar} aria-label="Main (mobile)" data-testid="bottom-nav">
      {MAIN_NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className={classes.item}>
          <item.icon size={22} />
          <span>{item.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}
