import { Card, Center, Loader, Stack, useEndpointQuery, useParams } from '@suwerte/shared';
import { Tabs } from '@suwerte/shared/pages';
import { PageTitle, StatusText } from '@suwerte/ui';
import { JACKPOT_FLAG, isJackpotClosed, sportsEndpoints, type JackpotKind } from '@suwerte/contracts/sports';
import { useCallback, useRef, useState } from 'react';
import { MatchMeta, TeamsFaceOff } from '../../components/Teams';
import { nextTipOff } from '../../lib/sports-time';
import { useTimeAt } from '../../lib/use-time-at';
import { ActiveBets } from './ActiveBets';
import { JackpotBetForm } from './JackpotBetForm';
import { JackpotNotice } from './JackpotNotice';
import { MaxBetGridDialog } from './MaxBetGridDialog';
import { JACKPOT_PAGE_TEXTS } from './jackpot-page';

/** The pages' titles: Major and Minor as the spec gives them; the Grand's is ours (docs/decisions/070-grand-page-title.md). */
export const JACKPOT_PAGE_TITLES: Record<JackpotKind, string> = {
  grand: 'Grand Jackpot Betting',
  major: 'Major Jackpot Betting',
  minor: 'Minor Jackpot Betting',
};

/**
 * `/Basketball/{Grandjackpot,Major,Minor}/{id}`: the match header, the tabs Betting and Active
 * Bets (n), the game polled every 10 s (the endpoint's `pollMs`), and the attendance notice.
 */
export function JackpotBettingPage({ kind }: { kind: JackpotKind }) {
  const { id = '' } = useParams();
  const game = useEndpointQuery(sportsEndpoints.game, { params: { id } });
  // The header's quarter badge appears at the tip-off: the page is drawn again then, not every
  // 10 s with its betting form (docs/decisions/136).
  const now = useTimeAt(useCallback((at: number) => (game.data ? nextTipOff([game.data], at) : null), [game.data]));
  const endingId = game.data?.Ending._id ?? '';
  // Keyed by the game's Ending: a new Ending reloads the list on its own (document 2, section 4).
  const bets = useEndpointQuery(sportsEndpoints.jackpotBets, { params: { jackpot: JACKPOT_FLAG[kind], endingId }, enabled: endingId !== '' });
  const [tab, setTab] = useState<string | null>('betting');
  const [cardOpen, setCardOpen] = useState(false);
  // The attendance notice opens by itself: once it closes, the focus goes to the page's heading
  // (the start of what the player reads next), never to the page body.
  const title = useRef<HTMLDivElement>(null);
  const focusTitle = useCallback(() => {
    const heading = title.current?.querySelector('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, []);
  const sets = bets.data ?? [];

  let body;
  if (game.isPending) {
    body = (
      <Center py="xl" role="status" aria-label="Loading the game">
        <Loader />
      </Center>
    );
  } else if (!game.data) {
    body = <StatusText>{JACKPOT_PAGE_TEXTS.noData}</StatusText>;
  } else {
    const closed = isJackpotClosed(kind, game.data);
    body = (
      <Stack gap="md">
        <Card withBorder radius="lg" padding="md" data-testid="match-header">
          <Stack gap="sm">
            <MatchMeta game={game.data} now={now} />
            <TeamsFaceOff game={game.data} />
          </Stack>
        </Card>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List grow>
            <Tabs.Tab value="betting">Betting</Tabs.Tab>
            <Tabs.Tab value="active">Active Bets ({sets.length})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="betting" pt="md">
            {/* Keyed by the game: another game's page starts from a fresh form. */}
            <JackpotBetForm key={game.data._id} kind={kind} game={game.data} closed={closed} onShowCard={kind === 'grand' ? () => setCardOpen(true) : undefined} />
          </Tabs.Panel>
          <Tabs.Panel value="active" pt="md">
            <ActiveBets
              kind={kind}
              endingId={endingId}
              sets={sets}
              loading={bets.isPending && endingId !== ''}
              closed={closed}
              failed={bets.isError}
              onRetry={() => void bets.refetch()}
              retrying={bets.isFetching}
            />
          </Tabs.Panel>
        </Tabs>
        {kind === 'grand' && <MaxBetGridDialog opened={cardOpen} onClose={() => setCardOpen(false)} endingId={endingId} />}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <div ref={title}>
        <PageTitle>{JACKPOT_PAGE_TITLES[kind]}</PageTitle>
      </div>
      {body}
      <JackpotNotice onClosed={focusTitle} />
    </Stack>
  );
}
