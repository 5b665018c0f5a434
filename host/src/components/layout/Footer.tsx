import { Anchor, Link, Text } from '@suwerte/shared';
import classes from './Footer.module.css';

export const FOOTER_TAGLINE = 'Suwerte — the ultimate game of chance for real players.';
export const FOOTER_AGE_NOTICE = 'Players must be 21+ to bet. Please gamble responsibly.';

// Spec: Betting Rules and Privacy Policy have empty links (no pages yet).
const ignore = (event: { preventDefault: () => void }) => event.preventDefault();

export function Footer() {
  return (
    <footer className={classes.footer}>
      <Text fw={700}>{FOOTER_TAGLINE}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        {FOOTER_AGE_NOTICE}
      </Text>
      <div className={classes.links}>
        <Anchor component={Link} to="/Responsiblegaming" size="sm" className="suwerte-tap-link">
          Responsible Gaming
        </Anchor>
        <Anchor href="#" onClick={ignore} size="sm" className="suwerte-tap-link">
          Betting Rules
        </Anchor>
        <Anchor href="#" onClick={ignore} size="sm" className="suwerte-tap-link">
          Privacy Policy
        </Anchor>
      </div>
      <Text size="xs" c="dimmed" mt="md">
        © {new Date().getFullYear()} Suwerte
      </Text>
    </footer>
  );
}
