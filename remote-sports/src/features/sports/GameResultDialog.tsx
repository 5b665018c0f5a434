import { Group, Stack, Text, useMediaQuery } from '@suwerte/shared';
import { Modal } from '@suwerte/shared/overlays';
import { Table } from '@suwerte/shared/pages';
import { finalScore, quarterName, type ScheduledGame } from '@suwerte/contracts/sports';
import { LeagueAndTipOff, TeamSide } from '../../components/Teams';

/** The result of a sub-game for one period: `[…, quarter]` is the last number of each entry. */
function resultFor(results: readonly { result: number[] }[] | undefined, period: number): number[] | null {
  return results?.find((entry) => entry.result[entry.result.length - 1] === period)?.result ?? null;
}

/** Odd/Even and First Team To Score read 0 as Odd / Team 1 (docs/decisions/200 and 014, "Decoding bets"). */
const oddEven = (value: number | undefined): string => (value === 0 ? 'Odd' : value === 1 ? 'Even' : '—');

export interface GameResultDialogProps {
  /** The completed game; null keeps the dialog closed. */
  game: ScheduledGame | null;
  onClose: () => void;
}

/** View Result: the final score and the per-quarter results of a completed game. */
export function GameResultDialog({ game, onClose }: GameResultDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const final = game ? finalScore(game) : null;
  return (
    <Modal opened={game !== null} onClose={onClose} title="Game Result" fullScreen={phone} size="lg" centered={!phone} closeButtonProps={{ 'aria-label': 'Close Game Result' }}>
      {game && final && (
        <Stack gap="lg">
          <LeagueAndTipOff game={game} centered />
          <Group justify="center" wrap="nowrap" gap="md" data-testid="final-score" aria-label="Final score" role="group">
            <TeamSide team={game.Team1} />
            <Text fz={32} fw={900} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {final.Team1} – {final.Team2}
            </Text>
            <TeamSide team={game.Team2} />
          </Group>
          <Table.ScrollContainer minWidth={300}>
            <Table striped withTableBorder aria-label="Results per quarter" verticalSpacing="xs" horizontalSpacing={phone ? 4 : 'sm'} fz={phone ? 'xs' : 'sm'}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Quarter</Table.Th>
                  <Table.Th scope="col">{game.Team1.Acronym}</Table.Th>
                  <Table.Th scope="col">{game.Team2.Acronym}</Table.Th>
                  <Table.Th scope="col">Ending</Table.Th>
                  {game.OddEven && <Table.Th scope="col">Odd/Even</Table.Th>}
                  {game.FTTS && <Table.Th scope="col">First to score</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {game.Scores.map((period) => {
                  const ending = resultFor(game.Ending.ResultId, period.quarter);
                  const first = resultFor(game.FTTS?.ResultId, period.quarter)?.[0];
                  return (
                    <Table.Tr key={period.quarter}>
                      <Table.Th scope="row">{quarterName(period.quarter)}</Table.Th>
                      <Table.Td>{period.Team1}</Table.Td>
                      <Table.Td>{period.Team2}</Table.Td>
                      <Table.Td fw={800} c="gold">
                        {ending ? `${ending[0]}-${ending[1]}` : '—'}
                      </Table.Td>
                      {game.OddEven && <Table.Td>{oddEven(resultFor(game.OddEven.ResultId, period.quarter)?.[0])}</Table.Td>}
                      {game.FTTS && <Table.Td>{first === 0 ? game.Team1.Acronym : first === 1 ? game.Team2.Acronym : '—'}</Table.Td>}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Modal>
  );
}
