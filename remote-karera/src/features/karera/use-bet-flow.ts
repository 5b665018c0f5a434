import { KARERA_ALERTS, isValidKareraStake, type KareraSide } from '@suwerte/contracts/karera';
import { selectBalance, useSession } from '@suwerte/shared';
import type { KareraState } from './karera-store';
import { useState } from 'react';
import { placeKareraBet, showKareraAlert, whenRoundOpens } from './karera-connection';

export interface BetFlow {
  /** The stake input's value (see StakePicker). */
  input: number | string;
  setInput: (value: number | string) => void;
  /** The stake in pesos, or null while the input holds no number. */
  amount: number | null;
  /** The side in the confirm dialog. */
  pick: KareraSide | null;
  /** The confirm dialog is open. */
  opened: boolean;
  /** A bet is on its way to the game server. */
  pending: boolean;
  /** Betting is open (or the winner is on show, for the next round) and the connection live. */
  canBet: boolean;
  /** The bet in the dialog goes into the next round (picked while the winner is on show). */
  forNextRound: boolean;
  /** 'Place Bet' on a card: checks the stake, then opens the confirm dialog. */
  requestBet: (side: KareraSide) => void;
  confirm: () => Promise<void>;
  cancel: () => void;
}

function toAmount(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const parsed = Number.parseFloat(value.replace(/[^\d.]/g, ''));
  return Number.isFinite(parsed) ? parsed : null;
}

/** The bet flow shared by both pages: stake → Place Bet → 'Place your bet' → Confirm. */
export function useBetFlow(game: Pick<KareraState, 'connection' | 'bettingOpen' | 'roundId' | 'phase'>): BetFlow {
  const balance = useSession(selectBalance);
  const [input, setInput] = useState<number | string>('');
  const amount = toAmount(input);
  const [pick, setPick] = useState<{ side: KareraSide; roundId: string | null; forNextRound: boolean } | null>(null);
  const [pending, setPending] = useState(false);
  const canBet = game.connection === 'live' && game.bettingOpen;

  const requestBet = (side: KareraSide) => {
    // Bets are ignored while betting is closed (document 2, section 5).
    if (!canBet || pending) return;
    if (!isValidKareraStake(amount, balance)) {
      showKareraAlert(KARERA_ALERTS.invalidAmount);
      return;
    }
    setPick({ side, roundId: game.roundId, forNextRound: game.phase === 'result' });
  };

  const confirm = async () => {
    if (!pick || amount === null || pending) return;
    setPending(true);
    try {
      if (pick.forNextRound && !(await whenRoundOpens())) {
        showKareraAlert(KARERA_ALERTS.bettingClosed);
        return;
      }
      await placeKareraBet(pick.side, amount);
    } finally {
      setPending(false);
      setPick(null);
    }
  };

  return {
    input,
    setInput,
    amount,
    pick: pick?.side ?? null,
    // The dialog belongs to the round it was opened in (or, opened while the winner was on show,
    // to the round after it), and closes when betting does.
    opened: pick !== null && (pending || (canBet && (pick.roundId === game.roundId || (pick.forNextRound && game.phase === 'betting')))),
    forNextRound: pick?.forNextRound === true && game.phase === 'result',
    pending,
    canBet,
    requestBet,
    confirm,
    cancel: () => {
      if (!pending) setPick(null);
    },
  };
}
