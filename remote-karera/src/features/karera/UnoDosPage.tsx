import { Anchor, Group, Link, Paper, SimpleGrid, Stack, Text, selectBalance, useSession } from '@suwerte/shared';
import { PageTitle } from '@suwerte/ui';
import { isValidKareraStake, kareraSideName, type KareraSide } from '@suwerte/contracts/karera';
import { formatPeso } from '@suwerte/money';
import { LazyConfirmBetDialog } from './LazyConfirmBetDialog';
import { ConnectionStatus } from './ConnectionStatus';
import { KareraAlert } from './KareraAlert';
import { KareraCard } from './KareraCard';
import { PhaseBanner } from './PhaseBanner';
import { StakePicker } from './StakePicker';
import { isDimmed } from './game-view';
import { payoutIfWins } from './payout';
import { useBetFlow } from './use-bet-flow';
import { useKareraGame } from './use-karera-game';

function PayoutLines({ side, stake, sideTotal, otherTotal, extra }: { side: KareraSide; stake: number; sideTotal: number; otherTotal: number; extra: number | null }) {
  const name = kareraSideName(side);
  const other = kareraSideName(side === 1 ? 2 : 1);
  return (
    <Stack gap={2} mt={4}>
      <Text size="sm" c="dimmed">
        If {name} wins you get
      </Text>
      <Text fw={800} data-testid={`payout-${name}`}>
        {stake > 0 ? formatPeso(payoutIfWins(stake, sideTotal, otherTotal)) : '—'}
      </Text>
      {extra !== null && (
        <Text size="xs" c="dimmed" data-testid={`payout-extra-${name}`}>
          With {formatPeso(extra)} more: {formatPeso(payoutIfWins(stake + extra, sideTotal + extra, otherTotal))}
        </Text>
      )}
      {otherTotal === 0 && (
        <Text size="xs" c="dimmed">
          No bets on {other} yet: a win returns the stake.
        </Text>
      )}
    </Stack>
  );
}

/**
 * `/UnoDos`: the Uno/Dos card table (document 1, sections 2–4): the same live round as Video
 * Karera, showing the player's stake on each side and what it pays if that side wins.
 */
export function UnoDosPage() {
  const game = useKareraGame();
  const flow = useBetFlow(game);
  const balance = useSession(selectBalance);
  const dimmed = isDimmed(game);
  const betDisabled = !flow.canBet || flow.pending;
  const extra = isValidKareraStake(flow.amount, balance) ? flow.amount : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <PageTitle>Uno/Dos</PageTitle>
        <ConnectionStatus connection={game.connection} />
      </Group>
      <KareraAlert />
      <PhaseBanner game={game} />
      <StakePicker value={flow.input} onChange={flow.setInput} />
      <SimpleGrid cols={2} spacing="sm">
        <KareraCard side={1} total={game.totals.uno} stake={game.UnoAmount} dimmed={dimmed} winner={game.winner === 1} betDisabled={betDisabled} onPlaceBet={flow.requestBet}>
          <PayoutLines side={1} stake={game.UnoAmount} sideTotal={game.totals.uno} otherTotal={game.totals.dos} extra={extra} />
        </KareraCard>
        <KareraCard side={2} total={game.totals.dos} stake={game.DosAmount} dimmed={dimmed} winner={game.winner === 2} betDisabled={betDisabled} onPlaceBet={flow.requestBet}>
          <PayoutLines side={2} stake={game.DosAmount} sideTotal={game.totals.dos} otherTotal={game.totals.uno} extra={extra} />
        </KareraCard>
      </SimpleGrid>
      <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="payout-rule-title">
        <Text fw={700} id="payout-rule-title">
          How a win pays
        </Text>
        <Text size="sm" c="dimmed">
          Stake + stake × (losing side&apos;s total ÷ winning side&apos;s total) − 10% of the stake, rounded down to the centavo. Payouts move with the
          totals until betting closes. If nobody bet on the other side, a win returns the stake.
        </Text>
      </Paper>
      <Anchor component={Link} to="/VideoKarera" size="sm" className="suwerte-tap-link">
        Back to Video Karera
      </Anchor>
      <LazyConfirmBetDialog opened={flow.opened} pick={flow.pick} stake={flow.amount} pending={flow.pending} forNextRound={flow.forNextRound} onConfirm={flow.confirm} onCancel={flow.cancel} />
    </Stack>
  );
}
