import { Button, Group, Text, useEndpointQuery, useMediaQuery } from '@suwerte/shared';
import { Modal } from '@suwerte/shared/overlays';
import { Table } from '@suwerte/shared/pages';
import { StatusText } from '@suwerte/ui';
import { drawnNumbers, formatLottoNumbers, lottoEndpoints, lottoGameLabel } from '@suwerte/contracts/lotto';
import { formatDrawDate, formatDrawTime } from '../../lib/lotto-time';

export interface LottoResultsDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** 'Lotto Results': Draw, GameType and Result of recent draws ('Fetching data', 'No Result'). */
export function LottoResultsDialog({ opened, onClose }: LottoResultsDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  // Loaded when the dialog opens, and fresh every time it does.
  const results = useEndpointQuery(lottoEndpoints.results, { enabled: opened, staleTime: 0 });
  const rows = results.data ?? [];

  let body;
  if (results.isPending) {
    body = <StatusText loading>Fetching data</StatusText>;
  } else if (rows.length === 0) {
    // The spec shows a failed load as an empty list; the player also learns why and can retry.
    body = (
      <>
        <StatusText>No Result</StatusText>
        {results.isError && (
          <Group justify="center" gap="xs" pb="md">
            <Text size="sm" c="red">
              {results.error.message}
            </Text>
            <Button size="xs" variant="outline" onClick={() => void results.refetch()} loading={results.isFetching}>
              Retry
            </Button>
          </Group>
        )}
      </>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={300}>
        <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={phone ? 6 : 'sm'} fz="sm" aria-label="Lotto Results">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Draw</Table.Th>
              <Table.Th scope="col">GameType</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const numbers = drawnNumbers(row);
              return (
                <Table.Tr key={row._id}>
                  <Table.Td>
                    {/* Date and time on two lines on a phone, so the numbers keep their room. */}
                    <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                      {formatDrawDate(row.Schedule)}
                    </Text>{' '}
                    <Text span inherit display={phone ? 'block' : 'inline'} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDrawTime(row.Schedule)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{lottoGameLabel(row.GameType)}</Table.Td>
                  <Table.Td fw={700} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {numbers ? formatLottoNumbers(row.GameType, numbers) : 'No Result'}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Lotto Results"
      size="lg"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close Lotto Results' }}
    >
      {body}
    </Modal>
  );
}
