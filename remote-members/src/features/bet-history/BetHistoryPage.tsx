import {
  ActionIcon,
  BET_STATUS_VIEW,
  betStake,
  Card,
  ChevronRightIcon,
  formatDateTime,
  formatPeso,
  gameTypeLabel,
  historyEndpoints,
  matchLabel,
  MEMBERS_TEXTS,
  PageTitle,
  picksText,
  resultText,
  Stack,
  Table,
  Text,
  useEndpointQuery,
  VisuallyHidden,
  type Bet,
} from '@suwerte/shared';
import { Fragment, useState } from 'react';
import { ListState } from '../../components/ListState';
import classes from '../../components/ResponsiveTable.module.css';
import styles from './BetHistoryPage.module.css';

/**
 * `/members/bet-history`: the player's bets of the last 7 days (document 2, section 2). Columns
 * Match, Bet, Amount, Status, Type; a row expands to Id, Result, Bet Date.
 */
export function BetHistoryPage() {
  const bets = useEndpointQuery(historyEndpoints.bets);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const rows = bets.data ?? [];
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Stack gap="lg">
      <PageTitle>Bet History</PageTitle>
      <Card withBorder radius="lg" padding="lg">
        <ListState loading={bets.isPending} isEmpty={rows.length === 0} emptyText={MEMBERS_TEXTS.noBet} emptyCaption={MEMBERS_TEXTS.betHistoryCaption}>
          <Table className={classes.table} captionSide="top" verticalSpacing="xs" highlightOnHover>
            <Table.Caption>{MEMBERS_TEXTS.betHistoryCaption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Match</Table.Th>
                <Table.Th>Bet</Table.Th>
                <Table.Th className={classes.number}>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((bet) => (
                <BetRows key={bet._id} bet={bet} open={expanded.has(bet._id)} onToggle={() => toggle(bet._id)} />
              ))}
            </Table.Tbody>
          </Table>
        </ListState>
      </Card>
    </Stack>
  );
}

function BetRows({ bet, open, onToggle }: { bet: Bet; open: boolean; onToggle: () => void }) {
  const status = BET_STATUS_VIEW[bet.Status];
  const detailsId = `bet-details-${bet._id}`;
  return (
    <Fragment>
      <Table.Tr data-testid="bet-row" className={open ? classes.expanded : undefined}>
        <Table.Td data-label="Match">{matchLabel(bet)}</Table.Td>
        <Table.Td data-label="Bet" className={styles.picks}>
          {picksText(bet)}
        </Table.Td>
        <Table.Td data-label="Amount" className={classes.number}>
          {formatPeso(betStake(bet))}
        </Table.Td>
        <Table.Td data-label="Status">
          <Text span fw={700} size="sm" c={status.color} data-status={bet.Status}>
            {status.label}
          </Text>
        </Table.Td>
        <Table.Td data-label="Type">{gameTypeLabel(bet)}</Table.Td>
        <Table.Td className={styles.toggleCell}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={`${open ? 'Hide' : 'Show'} details of the ${gameTypeLabel(bet)} bet on ${matchLabel(bet)}`}
            className={styles.toggle}
            data-open={open || undefined}
          >
            <ChevronRightIcon size={18} />
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={detailsId} className={classes.detailsRow} data-testid="bet-details">
          <Table.Td colSpan={6} className={classes.fullWidth}>
            <dl className={styles.details}>
              <dt>Id</dt>
              <dd className={styles.mono}>{bet._id}</dd>
              <dt>Result</dt>
              <dd>{resultText(bet)}</dd>
              <dt>Bet Date</dt>
              <dd>{formatDateTime(bet.createdAt)}</dd>
            </dl>
          </Table.Td>
        </Table.Tr>
      )}
    </Fragment>
  );
}
