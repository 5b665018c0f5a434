import { NavLink, Outlet, useLocation } from '@suwerte/shared';
import { useEffect, useRef } from 'react';
import classes from './MembersLayout.module.css';
import { MEMBER_LINKS } from './member-links';

/** Members area: side menu on desktop, a scrollable row of tabs on phones. */
export function MembersLayout() {
  const menu = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On a phone the tabs scroll sideways: keep the current page's tab in view. Measured in the
  // next frame, where the browser lays the new page out anyway: measuring in the effect forced a
  // layout of its own in the middle of a route change (docs/decisions/124).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const nav = menu.current;
      const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
      nav.scrollLeft = current.offsetLeft - nav.offsetLeft - (nav.clientWidth - current.clientWidth) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return (
    <div className={classes.layout}>
      <nav className={classes.menu} aria-label="Members" ref={menu}>
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
