import { Button, Card, Group, Stack, Text, Title, callEndpoint, invalidateEndpoints, notify, useApiMutation, useEndpointMutation, useEndpointQuery, ApiError } from '@suwerte/shared';
import { useValidatedForm } from '@suwerte/shared/inputs';
import { PageTitle, StatusText, lazyDialog } from '@suwerte/ui';
import { MEMBERS_TEXTS, ManualDepositFormSchema, canProceedToDeposit, gatewayAmountError, isGatewayOption, membersEndpoints, type DepositRecord, type GatewayCashInResponse, type ManualDepositFormValues, type PaymentOption } from '@suwerte/contracts/members';
import { formatPeso } from '@suwerte/money';
import { useRef, useState } from 'react';
import { AmountPicker } from './AmountPicker';
import { DepositHistory } from './DepositHistory';
import type { DepositResult } from './DepositResultDialog';
import { PaymentMethodPicker } from './PaymentMethodPicker';
import { useGatewayPayment } from './use-gateway-payment';
import { uploadProofImage } from './proof-upload';

// The page's dialogs are closed on its first screen: their code (and the kernel's overlays) comes
// with their first opening or an idle moment, not before the page's heading (docs/decisions/225).
const ManualDepositDialog = lazyDialog(() => import(/* webpackChunkName: "dialog-ManualDeposit" */ './ManualDepositDialog').then((module) => module.ManualDepositDialog), {
  name: 'the deposit dialog',
  open: 'opened',
  close: 'onClose',
});
const GatewayDialog = lazyDialog(() => import(/* webpackChunkName: "dialog-Gateway" */ './GatewayDialog').then((module) => module.GatewayDialog), {
  name: 'the deposit dialog',
  open: 'opened',
  close: 'onClose',
});
const DepositResultDialog = lazyDialog(() => import(/* webpackChunkName: "dialog-DepositResult" */ './DepositResultDialog').then((module) => module.DepositResultDialog), {
  name: 'your deposit’s result',
  open: 'result',
  close: 'onClose',
});

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
  // The history is fetched from the start, but shown once the methods are in (as the rest of the
  // form is): below a form still waiting for them it would be pushed down when they arrive.
  useEndpointQuery(membersEndpoints.depositHistory);
  const [mopname, setMopname] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [dialog, setDialog] = useState<'manual' | 'gateway' | null>(null);
  const [result, setResult] = useState<DepositResult | null>(null);
  const [qr, setQr] = useState<GatewayCashInResponse | null>(null);
  const [qrError, setQrError] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<{ depositId: string; amount: number } | null>(null);
  const payment = useGatewayPayment(awaiting?.depositId ?? null);
  const form = useValidatedForm<ManualDepositFormValues>(ManualDepositFormSchema, EMPTY_MANUAL);
  // The proof upload in flight: its share sent (null before it starts or once it is done) and what cancels it.
  const [uploaded, setUploaded] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  // Where focus returns after the result: Proceed, or the emptied Amount after a success.
  const proceedButton = useRef<HTMLButtonElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);

  const option = options.data?.find((item) => item.mopname === mopname) ?? null;
  const amountValue = Number(amount);

  // Two calls in one step (the proof to the image host, then the deposit), so a plain mutation.
  const manual = useApiMutation<DepositRecord, ManualSubmission>({
    mutationFn: async ({ option: chosen, amount: pesos, values }) => {
      if (!values.proof) throw new ApiError(MEMBERS_TEXTS.fileRequired, 'http');
      const controller = new AbortController();
      upload.current = controller;
      setUploaded(0);
      const imageLink = await uploadProofImage(values.proof, values.proof.name, { signal: controller.signal, onUploadProgress: setUploaded }).finally(() => {
        upload.current = null;
        setUploaded(null);
      });
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
      // The player stopped the upload: back to the form as it was, nothing to report.
      if (error.kind === 'canceled') return;
      // The form keeps what was typed: "Try again" goes back to it.
      setDialog(null);
      setResult({ ok: false, reason: error.message });
    },
  });

  // A pending QR from the list (after a reload too): its code again, then the same wait.
  const reopen = useEndpointMutation(membersEndpoints.gatewayQr);
  const showQr = (deposit: DepositRecord) => {
    reopen.mutate(
      { params: { id: deposit._id } },
      {
        onSuccess: (answer) => {
          setQrError(null);
          setQr(answer);
          setAwaiting({ depositId: answer.deposit_id, amount: deposit.Amount });
          setDialog('gateway');
        },
        onError: (error) => {
          // Paid or expired a moment ago: the list catches up.
          invalidateEndpoints([membersEndpoints.depositHistory]);
          void notify({ kind: 'error', message: error.message });
        },
      },
    );
  };

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
        // A card, not the kernel's Alert: that would bring its `pages` entry point to every deposit page (docs/decisions/247).
        <Card withBorder radius="lg" padding="md" role="status" style={{ borderInlineStart: '4px solid var(--mantine-color-gold-filled)' }}>
          <Text fw={700} mb={4}>
            Waiting for your QR payment
          </Text>
          <Group justify="space-between" gap="xs">
            <span>Pay {formatPeso(awaiting.amount)} with the QR code; your balance updates by itself.</span>
            {qr && (
              <Button size="compact-sm" variant="light" onClick={() => setDialog('gateway')}>
                Show QR code
              </Button>
            )}
          </Group>
        </Card>
      )}

      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="deposit-form-title">
        <Title order={2} size="h4" id="deposit-form-title" mb="sm">
          Make a deposit
        </Title>
        <Stack gap="lg">
          {options.isPending ? (
            // The form comes whole once the methods are in: nothing drawn below them moves down as they arrive.
            <StatusText loading>Fetching data</StatusText>
          ) : (
            <>
              {!options.data || options.data.length === 0 ? (
                // Spec: a list that fails to load shows as empty.
                <StatusText>{MEMBERS_TEXTS.noOptions}</StatusText>
              ) : (
                <PaymentMethodPicker options={options.data} value={mopname} onChange={setMopname} />
              )}
              <AmountPicker value={amount} onChange={setAmount} disabled={busy} inputRef={amountInput} />
              <Group justify="flex-end">
                <Button ref={proceedButton} size="md" onClick={proceed} disabled={!canProceedToDeposit(option, amount) || busy} w={{ base: '100%', sm: 'auto' }}>
                  Proceed
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>

      {!options.isPending && <DepositHistory methods={options.data} onShowQr={showQr} openingQr={reopen.isPending ? (reopen.variables.params.id ?? null) : null} />}

      {option && dialog === 'manual' && (
        <ManualDepositDialog
          opened
          onClose={() => {
            // Closing the dialog stops a proof still on its way.
            upload.current?.abort();
            setDialog(null);
          }}
          option={option}
          amount={amountValue}
          form={form}
          submitting={manual.isPending}
          uploaded={uploaded}
          onCancelUpload={() => upload.current?.abort()}
          onSubmit={(values) => manual.mutate({ option, amount: amountValue, values })}
        />
      )}
      {dialog === 'gateway' && (qr || option) && (
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
        returnFocusTo={() => (proceedButton.current && !proceedButton.current.disabled ? proceedButton.current : amountInput.current)}
        onClose={() => setResult(null)}
        onRetry={() => {
          setResult(null);
          setDialog('manual');
        }}
      />
    </Stack>
  );
}
