import { useRef } from 'react';
import { Button, Group, Stack, Text } from '@suwerte/shared';
import { ThemeIcon } from '@suwerte/shared/pages';
import { Modal } from '@suwerte/shared/overlays';
import { MEMBERS_TEXTS } from '@suwerte/contracts/members';

export type DepositResult = { ok: true } | { ok: false; reason: string | null };

export interface DepositResultDialogProps {
  result: DepositResult | null;
  onClose: () => void;
  /** Offered after a failure: back to the filled-in form. */
  onRetry: () => void;
  /**
   * Where focus goes once the result has closed: the dialog that opened it is gone by then, so the
   * page names the control the player goes on from.
   */
  returnFocusTo: () => HTMLElement | null;
}

/** The spec's success and failure texts (document 1, section 8), verbatim. */
export function DepositResultDialog({ result, onClose, onRetry, returnFocusTo }: DepositResultDialogProps) {
  const ok = result?.ok ?? false;
  const retried = useRef(false);
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title={ok ? MEMBERS_TEXTS.depositSuccessTitle : MEMBERS_TEXTS.depositFailureTitle}
      centered
      closeButtonProps={{ 'aria-label': 'Close the result' }}
      returnFocus={false}
      onExitTransitionEnd={() => {
        // "Try again" opens the form instead, which takes focus itself.
        if (!retried.current) returnFocusTo()?.focus();
        retried.current = false;
      }}
    >
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon color={ok ? 'green' : 'red'} variant="light" radius="xl" size="lg" aria-hidden>
            {ok ? '✓' : '!'}
          </ThemeIcon>
          <Stack gap={4}>
            <Text>{ok ? MEMBERS_TEXTS.depositSuccessBody : MEMBERS_TEXTS.depositFailureBody}</Text>
            {result && !result.ok && result.reason && (
              <Text size="sm" c="dimmed">
                {result.reason}
              </Text>
            )}
          </Stack>
        </Group>
        <Group justify="flex-end">
          {!ok && (
            <Button
              variant="default"
              onClick={() => {
                retried.current = true;
                onRetry();
              }}
            >
              Try again
            </Button>
          )}
          <Button onClick={onClose} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
