import { NavLink, Outlet } from '@suwerte/shared';
import classes from './MembersLayout.module.css';
import { MEMBER_LINKS } from './member-links';

/** Members area: side menu on desktop, a scrollable row of tabs on phones. */
export function MembersLayout() {
  return (
    <div className={classes.layout}>
      <nav className={classes.menu} aria-label="Members">
        {MEMBER_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} className={classes.link}>
            <link.icon size={20} />
            <span>{link.label}</span>
          </NavLink>
        ))}
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
