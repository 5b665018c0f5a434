import { Anchor, Group, Link, SimpleGrid, Stack } from '@suwerte/shared';
import { PageTitle } from '@suwerte/ui';
import { LazyConfirmBetDialog } from './LazyConfirmBetDialog';
import { ConnectionStatus } from './ConnectionStatus';
import { isDimmed } from './game-view';
import { KareraAlert } from './KareraAlert';
import { KareraCard } from './KareraCard';
import { PhaseBanner } from './PhaseBanner';
import { PreviousResults } from './PreviousResults';
import { RaceTrack } from './RaceTrack';
import { StakePicker } from './StakePicker';
import { useBetFlow } from './use-bet-flow';
import { useKareraGame } from './use-karera-game';
import classes from './VideoKareraPage.module.css';

/** `/VideoKarera`: the live two-horse race game (document 2, sections 2, 4, 5, 7–9). */
export function VideoKareraPage() {
  const game = useKareraGame();
  const flow = useBetFlow(game);
  const dimmed = isDimmed(game);
  const betDisabled = !flow.canBet || flow.pending;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <PageTitle>Video Karera</PageTitle>
        <ConnectionStatus connection={game.connection} />
      </Group>
      <KareraAlert />
      <div className={classes.layout}>
        <div>
          <Stack gap="sm">
            <PhaseBanner game={game} />
            <RaceTrack game={game} />
            <SimpleGrid cols={2} spacing="sm">
              <KareraCard side={1} total={game.totals.uno} stake={game.UnoAmount} dimmed={dimmed} winner={game.winner === 1} betDisabled={betDisabled} onPlaceBet={flow.requestBet} />
              <KareraCard side={2} total={game.totals.dos} stake={game.DosAmount} dimmed={dimmed} winner={game.winner === 2} betDisabled={betDisabled} onPlaceBet={flow.requestBet} />
            </SimpleGrid>
          </Stack>
        </div>
        <div>
          <Stack gap="sm">
            <StakePicker value={flow.input} onChange={flow.setInput} />
            <PreviousResults previous={game.previousWinner} />
            <Anchor component={Link} to="/UnoDos" size="sm" className="suwerte-tap-link">
              Open the Uno/Dos card table — your stakes and payouts
            </Anchor>
          </Stack>
        </div>
      </div>
      <LazyConfirmBetDialog opened={flow.opened} pick={flow.pick} stake={flow.amount} pending={flow.pending} forNextRound={flow.forNextRound} onConfirm={flow.confirm} onCancel={flow.cancel} />
    </Stack>
  );
}
