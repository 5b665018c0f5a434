import {
  Alert,
  Button,
  Card,
  Group,
  MEMBERS_TEXTS,
  ManualDepositFormSchema,
  PageTitle,
  Stack,
  StatusText,
  Title,
  callEndpoint,
  canProceedToDeposit,
  formatPeso,
  invalidateEndpoints,
  isGatewayOption,
  membersEndpoints,
  uploadProofImage,
  useApiMutation,
  useEndpointMutation,
  useEndpointQuery,
  useValidatedForm,
  ApiError,
  type DepositRecord,
  type GatewayCashInResponse,
  type ManualDepositFormValues,
  type PaymentOption,
} from '@suwerte/shared';
import { useState } from 'react';
import { AmountPicker } from './AmountPicker';
import { DepositHistory } from './DepositHistory';
import { DepositResultDialog, type DepositResult } from './DepositResultDialog';
import { GatewayDialog, gatewayAmountError } from './GatewayDialog';
import { ManualDepositDialog } from './ManualDepositDialog';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { useGatewayPayment } from './use-gateway-payment';

const EMPTY_MANUAL: ManualDepositFormValues = { AccountName: '', AccountNumber: '', proof: null };

interface ManualSubmission {
  option: PaymentOption;
  amount: number;
  values: ManualDepositFormValues;
}

/**
 * `/members/deposit`: choose a method → amount → confirmation dialog → submit → result
 * (document 1, sections 2 and 4). The QR gateway credits at once when paid; the other methods
 * are manual: the proof is uploaded to the image host, and the deposit waits for an operator.
 */
export function DepositPage() {
  const options = useEndpointQuery(membersEndpoints.paymentOptions);
  const [mopname, setMopname] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [dialog, setDialog] = useState<'manual' | 'gateway' | null>(null);
  const [result, setResult] = useState<DepositResult | null>(null);
  const [qr, setQr] = useState<GatewayCashInResponse | null>(null);
  const [qrError, setQrError] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<{ depositId: string; amount: number } | null>(null);
  const payment = useGatewayPayment(awaiting?.depositId ?? null);
  const form = useValidatedForm<ManualDepositFormValues>(ManualDepositFormSchema, EMPTY_MANUAL);

  const option = options.data?.find((item) => item.mopname === mopname) ?? null;
  const amountValue = Number(amount);

  // Two calls in one step (the proof to the image host, then the deposit), so a plain mutation.
  const manual = useApiMutation<DepositRecord, ManualSubmission>({
    mutationFn: async ({ option: chosen, amount: pesos, values }) => {
      if (!values.proof) throw new ApiError(MEMBERS_TEXTS.fileRequired, 'http');
      const imageLink = await uploadProofImage(values.proof, values.proof.name);
      const deposit = await callEndpoint(membersEndpoints.cashIn, {
        body: {
          Amount: pesos,
          AccountName: values.AccountName.trim(),
          AccountNumber: values.AccountNumber.trim(),
          ImageLink: imageLink,
          Mode: chosen.mopname,
          InvoiceNumber: null,
        },
      });
      invalidateEndpoints(membersEndpoints.cashIn.invalidates);
      return deposit;
    },
    onSuccess: () => {
      setDialog(null);
      setResult({ ok: true });
      form.reset();
      setAmount('');
    },
    onError: (error) => {
      // The form keeps what was typed: "Try again" goes back to it.
      setDialog(null);
      setResult({ ok: false, reason: error.message });
    },
  });

  const gateway = useEndpointMutation(membersEndpoints.gatewayCashIn, {
    onSuccess: (answer, { body }) => {
      setQr(answer);
      setAwaiting({ depositId: answer.deposit_id, amount: body.amount });
    },
    onError: (error) => {
      setQrError(error.serverText === MEMBERS_TEXTS.gatewayMinimum ? MEMBERS_TEXTS.gatewayMinimum : MEMBERS_TEXTS.qrFailed);
    },
  });

  const proceed = () => {
    // Spec: the dialog opens only for an amount of at least 1.
    if (!option || !(amountValue >= 1)) return;
    setQrError(null);
    setQr(null);
    setDialog(isGatewayOption(option) ? 'gateway' : 'manual');
  };

  const generateQr = () => {
    const error = gatewayAmountError(amountValue);
    setQrError(error);
    if (!error) gateway.mutate({ body: { amount: amountValue } });
  };

  const closeGateway = () => {
    setDialog(null);
    if (payment === 'paid') setAmount('');
  };

  const busy = manual.isPending || gateway.isPending;

  return (
    <Stack gap="lg">
      <PageTitle>Deposit</PageTitle>

      {awaiting && payment === 'waiting' && dialog !== 'gateway' && (
        <Alert color="gold" variant="light" title="Waiting for your QR payment">
          <Group justify="space-between" gap="xs">
            <span>Pay {formatPeso(awaiting.amount)} with the QR code; your balance updates by itself.</span>
            {qr && (
              <Button size="compact-sm" variant="light" onClick={() => setDialog('gateway')}>
                Show QR code
              </Button>
            )}
          </Group>
        </Alert>
      )}

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="deposit-form-title">
        <Title order={2} size="h4" id="deposit-form-title" mb="sm">
          Make a deposit
        </Title>
        <Stack gap="lg">
          {options.isPending ? (
            <StatusText loading>Fetching data</StatusText>
          ) : !options.data || options.data.length === 0 ? (
            // Spec: a list that fails to load shows as empty.
            <StatusText>{MEMBERS_TEXTS.noOptions}</StatusText>
          ) : (
            <PaymentMethodPicker options={options.data} value={mopname} onChange={setMopname} />
          )}
          <AmountPicker value={amount} onChange={setAmount} disabled={busy} />
          <Group justify="flex-end">
            <Button size="md" onClick={proceed} disabled={!canProceedToDeposit(option, amount) || busy} w={{ base: '100%', sm: 'auto' }}>
              Proceed
            </Button>
          </Group>
        </Stack>
      </Card>

      <DepositHistory />

      {option && dialog === 'manual' && (
        <ManualDepositDialog
          opened
          onClose={() => setDialog(null)}
          option={option}
          amount={amountValue}
          form={form}
          submitting={manual.isPending}
          onSubmit={(values) => manual.mutate({ option, amount: amountValue, values })}
        />
      )}
      {option && dialog === 'gateway' && (
        <GatewayDialog
          opened
          onClose={closeGateway}
          option={option}
          amount={qr && awaiting ? awaiting.amount : amountValue}
          qr={qr}
          generating={gateway.isPending}
          error={qrError}
          onGenerate={generateQr}
          payment={payment}
        />
      )}
      <DepositResultDialog
        result={result}
        onClose={() => setResult(null)}
        onRetry={() => {
          setResult(null);
          setDialog('manual');
        }}
      />
    </Stack>
  );
}
