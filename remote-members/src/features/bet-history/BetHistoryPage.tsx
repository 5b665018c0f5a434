import { ActionIcon, Card, Stack, Text, useEndpointQuery, VisuallyHidden } from '@suwerte/shared';
import { Table } from '@suwerte/shared/pages';
import { ChevronRightIcon, PageTitle } from '@suwerte/ui';
import { BET_STATUS_VIEW, betStake, gameTypeLabel, historyEndpoints, matchLabel, MEMBERS_TEXTS, picksText, resultText } from '@suwerte/contracts/members';
import { type Bet } from '@suwerte/contracts/core';
import { formatDateTime } from '@suwerte/time';
import { formatPeso } from '@suwerte/money';
import { Fragment, useState, type ReactNode } from 'react';
import { ListState } from '../../components/ListState';
import { ResponsiveTable, type TableColumn } from '../../components/ResponsiveTable';
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

  const columns: TableColumn<Bet>[] = [
    { name: 'Match', cell: matchLabel },
    { name: 'Bet', className: styles.picks, cell: picksText },
    { name: 'Amount', numeric: true, cell: (bet) => formatPeso(betStake(bet)) },
    {
      name: 'Status',
      cell: (bet) => (
        <Text span fw={700} size="sm" c={BET_STATUS_VIEW[bet.Status].color} data-status={bet.Status}>
          {BET_STATUS_VIEW[bet.Status].label}
        </Text>
      ),
    },
    { name: 'Type', cell: gameTypeLabel },
    {
      name: 'Details',
      header: <VisuallyHidden>Details</VisuallyHidden>,
      unlabelled: true,
      className: styles.toggleCell,
      cell: (bet) => {
        const open = expanded.has(bet._id);
        return (
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => toggle(bet._id)}
            aria-expanded={open}
            aria-controls={detailsId(bet)}
            aria-label={`${open ? 'Hide' : 'Show'} details of the ${gameTypeLabel(bet)} bet on ${matchLabel(bet)}`}
            className={styles.toggle}
            data-open={open || undefined}
          >
            <ChevronRightIcon size={18} />
          </ActionIcon>
        );
      },
    },
  ];

  return (
    <Stack gap="lg">
      <PageTitle>Bet History</PageTitle>
      <Card withBorder radius="lg" padding="lg">
        <ListState loading={bets.isPending} failed={bets.isError} onRetry={() => void bets.refetch()} retrying={bets.isFetching} isEmpty={rows.length === 0} emptyText={MEMBERS_TEXTS.noBet} emptyCaption={MEMBERS_TEXTS.betHistoryCaption}>
          <ResponsiveTable
            columns={columns}
            rows={rows}
            rowKey={(bet) => bet._id}
            rowTestId="bet-row"
            caption={MEMBERS_TEXTS.betHistoryCaption}
            renderRow={(bet, cells) => <BetRows bet={bet} open={expanded.has(bet._id)} cells={cells} />}
          />
        </ListState>
      </Card>
    </Stack>
  );
}

const detailsId = (bet: Bet) => `bet-details-${bet._id}`;

/** A bet's row and, when open, its details (Id, Result, Bet Date) under it. */
function BetRows({ bet, open, cells }: { bet: Bet; open: boolean; cells: ReactNode }) {
  return (
    <Fragment>
      <Table.Tr data-testid="bet-row" className={open ? classes.expanded : undefined}>
        {cells}
      </Table.Tr>
      {open && (
        <Table.Tr id={detailsId(bet)} className={classes.detailsRow} data-testid="bet-details">
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
