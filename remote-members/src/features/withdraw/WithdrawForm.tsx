import { Alert } from '@suwerte/shared/pages';
import { Button, Card, Group, SimpleGrid, Text, Title, notify, setEndpointData, useEndpointMutation, useEndpointQuery, useSession } from '@suwerte/shared';
import { Select, TextInput, useValidatedForm } from '@suwerte/shared/forms';
import { CASHOUT_CHANNEL, MEMBERS_TEXTS, membersEndpoints, withdrawFormSchema, type WithdrawFormValues } from '@suwerte/contracts/members';
import { formatPeso } from '@suwerte/money';
import { useMemo, useState } from 'react';

const EMPTY: WithdrawFormValues = { AccountName: '', AccountNumber: '', Amount: '', Mode: '' };

/** Amount as typed: digits and at most two decimals. */
const amountText = (text: string) => {
  const cleaned = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole.slice(0, 6) : `${whole.slice(0, 6)}.${rest.join('').slice(0, 2)}`;
};

/**
 * Account name, account number, amount and bank/e-wallet, with the spec's messages (document 1,
 * section 5). The amount leaves the balance as soon as the request succeeds, so the header
 * balance drops at once.
 */
export function WithdrawForm() {
  const balance = useSession((state) => state.account?.balance ?? null);
  const schema = useMemo(() => withdrawFormSchema(balance), [balance]);
  const form = useValidatedForm<WithdrawFormValues>(schema, EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const banks = useEndpointQuery(membersEndpoints.bankCodes, { params: { channel: CASHOUT_CHANNEL } });
  const bankOptions = useMemo(() => (banks.data?.data.data ?? []).map((bank) => ({ value: bank.code, label: bank.name })), [banks.data]);

  // Its definition refetches the withdrawal list, the transactions and the account (the header balance).
  const withdraw = useEndpointMutation(membersEndpoints.cashOut, {
    onSuccess: (withdrawal) => {
      setFailure(null);
      // The account details stay for the next request; only the amount is cleared.
      form.setFieldValue('Amount', '');
      form.resetTouched();
      void notify({ kind: 'success', message: MEMBERS_TEXTS.withdrawSuccess });
      setEndpointData(membersEndpoints.withdrawHistory, undefined, (list) => [withdrawal, ...(list ?? []).filter((item) => item._id !== withdrawal._id)]);
    },
    // Shown once, beside the form: the spec's 'Withdrawal request failed' with the server's reason
    // (docs/decisions/089). A toast as well would say it twice.
    onError: (error) => setFailure(error.serverText ?? error.message),
  });

  const busy = withdraw.isPending;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="withdraw-form-title">
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="withdraw-form-title">
          Request a withdrawal
        </Title>
        <Text size="sm" c="dimmed">
          Available balance{' '}
          <Text span fw={800} c="gold" data-testid="withdraw-balance">
            {balance === null ? '—' : formatPeso(balance)}
          </Text>
        </Text>
      </Group>
      <form
        onSubmit={form.onSubmit((values) =>
          withdraw.mutate({
            params: { channel: CASHOUT_CHANNEL },
            body: {
              Amount: Number(values.Amount),
              AccountName: values.AccountName.trim(),
              AccountNumber: values.AccountNumber.trim(),
              Mode: values.Mode,
              Balance: balance ?? 0,
              TransactionType: 0,
            },
          }),
        )}
        noValidate
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Account name" autoComplete="name" disabled={busy} {...form.getInputProps('AccountName')} />
          <TextInput label="Account number" inputMode="numeric" autoComplete="off" disabled={busy} {...form.getInputProps('AccountNumber')} />
          <TextInput
            label="Amount"
            description={`Minimum ${formatPeso(50)}`}
            leftSection="₱"
            inputMode="decimal"
            autoComplete="off"
            disabled={busy}
            {...form.getInputProps('Amount')}
            onChange={(event) => form.setFieldValue('Amount', amountText(event.currentTarget.value))}
          />
          <Select
            label="Bank / E-wallet"
            description="Paid out through InstaPay"
            placeholder={banks.isPending ? 'Loading…' : 'Choose one'}
            data={bankOptions}
            searchable
            nothingFoundMessage="No bank or e-wallet found"
            comboboxProps={{ withinPortal: true }}
            disabled={busy}
            {...form.getInputProps('Mode')}
            onChange={(value) => form.setFieldValue('Mode', value ?? '')}
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" variant="light" role="alert" mt="md" title={MEMBERS_TEXTS.withdrawFailure}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button type="submit" size="md" loading={busy} w={{ base: '100%', sm: 'auto' }}>
            Withdraw
          </Button>
        </Group>
      </form>
    </Card>
  );
}
