import { betStake, gameTypeLabel, matchLabel, MEMBERS_TEXTS, picksText, resultText } from '@suwerte/contracts/members';
import { type Transaction } from '@suwerte/contracts/core';
import { Button, Stack, useMediaQuery } from '@suwerte/shared';
import { Modal } from '@suwerte/shared/overlays';
import { formatPeso } from '@suwerte/money';
import styles from './TransactionHistoryPage.module.css';

/** TRANSACTION DETAILS: Game, Result, Bet, Amount, Type of the transaction's bet (document 2, section 2). */
export function TransactionDetailsDialog({ transaction, onClose }: { transaction: Transaction | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const bet = transaction?.BetId ?? null;
  return (
    <Modal
      opened={bet !== null}
      onClose={onClose}
      title={MEMBERS_TEXTS.transactionDetailsTitle}
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Close transaction details' }}
    >
      {bet && (
        <Stack gap="md">
          <dl className={styles.details} data-testid="transaction-details">
            <dt>Game</dt>
            <dd>{matchLabel(bet)}</dd>
            <dt>Result</dt>
            <dd>{resultText(bet)}</dd>
            <dt>Bet</dt>
            <dd>{picksText(bet)}</dd>
            <dt>Amount</dt>
            <dd>{formatPeso(betStake(bet))}</dd>
            <dt>Type</dt>
            <dd>{gameTypeLabel(bet)}</dd>
          </dl>
          <Button onClick={onClose} data-autofocus>
            Close
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
