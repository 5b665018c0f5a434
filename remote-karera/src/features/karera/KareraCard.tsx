import { Button, Text } from '@suwerte/shared';
import { kareraSideName, type KareraSide } from '@suwerte/contracts/karera';
import { formatPeso } from '@suwerte/money';
import type { ReactNode } from 'react';
import classes from './KareraCard.module.css';

export interface KareraCardProps {
  side: KareraSide;
  /** The side's total bet this round, in pesos. */
  total: number;
  /** The player's own stake on the side this round, in pesos. */
  stake: number;
  /** Betting closed: the card is dimmed (document 2, section 4). */
  dimmed: boolean;
  /** The side won: the card flips and shows WINNER. */
  winner: boolean;
  /** Place Bet is disabled (betting closed, offline, a bet in flight). */
  betDisabled: boolean;
  onPlaceBet: (side: KareraSide) => void;
  /** Extra lines under the totals (the Uno/Dos table's payouts). */
  children?: ReactNode;
}

/** One side of the game (Uno or Dos): its total bet, the player's stake and 'Place Bet'. */
export function KareraCard({ side, total, stake, dimmed, winner, betDisabled, onPlaceBet, children }: KareraCardProps) {
  const name = kareraSideName(side);
  return (
    <div className={classes.scene} data-dimmed={dimmed} data-testid={`karera-card-${name}`} data-winner={winner}>
      <div className={classes.card} data-flipped={winner}>
        <section className={`${classes.face} ${classes.front}`} data-side={name} aria-label={name} inert={winner}>
          <Text className={classes.sideName} component="h2" m={0}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            Total bet
          </Text>
          <Text fw={800} size="lg" data-testid={`karera-total-${name}`}>
            {formatPeso(total)}
          </Text>
          <Text size="sm" c="dimmed">
            Your bet: <span data-testid={`karera-stake-${name}`}>{formatPeso(stake)}</span>
          </Text>
          {children}
          <Button mt="auto" fullWidth onClick={() => onPlaceBet(side)} disabled={betDisabled} aria-label={`Place Bet on ${name}`} color={side === 1 ? 'gold' : 'indigo'}>
            Place Bet
          </Button>
        </section>
        <div className={`${classes.face} ${classes.back}`} aria-hidden={!winner}>
          <Text className={classes.winner}>WINNER</Text>
          <Text className={classes.sideName}>{name}</Text>
        </div>
      </div>
    </div>
  );
}
