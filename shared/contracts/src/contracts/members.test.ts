import {
  CashInRequestSchema,
  CashOutRequestSchema,
  GatewayCashInRequestSchema,
  MEMBERS_TEXTS,
  ManualDepositFormSchema,
  canProceedToDeposit,
  digitsOnly,
  gatewayAmountError,
  isGatewayOption,
  requestStatusLabel,
  withdrawFormSchema,
  type PaymentOption,
} from './members';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

const option: PaymentOption = {
  _id: '6650a0000000000000000002',
  mopname: 'GCASH',
  label: 'GCash',
  accountname: 'Suwerte Gaming Corp.',
  accountnumber: '0917 555 0123',
  ImageLink: 'http://api.test/payment-options/gcash.png',
};

describe('members contracts', () => {
  it('reads Status 1 as PENDING, 2 as REJECTED and anything else as APPROVED', () => {
    expect([1, 2, 3, 0, 7].map(requestStatusLabel)).toEqual(['PENDING', 'REJECTED', 'APPROVED', 'APPROVED', 'APPROVED']);
  });

  it('enables Proceed only with a method and a whole amount of at least 50', () => {
    expect(canProceedToDeposit(null, '100')).toBe(false);
    expect(canProceedToDeposit(option, '')).toBe(false);
    expect(canProceedToDeposit(option, '49')).toBe(false);
    expect(canProceedToDeposit(option, '50')).toBe(true);
    expect(canProceedToDeposit(option, '100000')).toBe(true);
    expect(canProceedToDeposit(option, '100001')).toBe(false);
    expect(digitsOnly('1,2a3.4 5')).toBe('12345');
    expect(isGatewayOption({ mopname: 'QRPH' })).toBe(true);
    expect(isGatewayOption(option)).toBe(false);
  });

  it("checks the QR gateway's minimum of ₱100 with the spec's text", () => {
    expect(firstMessage(GatewayCashInRequestSchema.safeParse({ amount: 99 }))).toBe('Minimum deposit amount is 100.');
    expect(GatewayCashInRequestSchema.safeParse({ amount: 100 }).success).toBe(true);
    // The page's check before it asks the gateway: the same minimum and text.
    expect(gatewayAmountError(99)).toBe('Minimum deposit amount is 100.');
    expect(gatewayAmountError(100)).toBeNull();
  });

  it('checks a manual deposit: account name and number, proof link, null invoice by default', () => {
    const valid = { Amount: 50, AccountName: 'Juan', AccountNumber: '0917', ImageLink: 'https://img.test/a.png', Mode: 'GCASH' };
    expect(CashInRequestSchema.parse(valid).InvoiceNumber).toBeNull();
    expect(firstMessage(CashInRequestSchema.safeParse({ ...valid, AccountName: '' }))).toBe(MEMBERS_TEXTS.accountNameRequired);
    expect(firstMessage(CashInRequestSchema.safeParse({ ...valid, AccountNumber: '' }))).toBe(MEMBERS_TEXTS.accountNumberRequired);
    expect(firstMessage(CashInRequestSchema.safeParse({ ...valid, ImageLink: '' }))).toBe('File is required');
  });

  it("requires the proof file ('File is required'), an image type and at most 5 MB", () => {
    const base = { AccountName: 'Juan', AccountNumber: '0917' };
    expect(firstMessage(ManualDepositFormSchema.safeParse({ ...base, proof: null }))).toBe('File is required');
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    expect(firstMessage(ManualDepositFormSchema.safeParse({ ...base, proof: pdf }))).toBe(MEMBERS_TEXTS.proofType);
    const png = new File([new Uint8Array(10)], 'a.png', { type: 'image/png' });
    expect(ManualDepositFormSchema.safeParse({ ...base, proof: png }).success).toBe(true);
    const huge = { name: 'big.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 };
    expect(firstMessage(ManualDepositFormSchema.safeParse({ ...base, proof: huge }))).toBe(MEMBERS_TEXTS.proofSize);
  });

  it("validates the withdraw form with the spec's messages", () => {
    const schema = withdrawFormSchema(1_000);
    const errors = (values: Record<string, string>) =>
      Object.fromEntries(schema.safeParse(values).error?.issues.map((issue) => [String(issue.path[0]), issue.message]) ?? []);
    expect(errors({ AccountName: '', AccountNumber: '', Amount: '', Mode: '' })).toEqual({
      AccountName: 'Account Name Required',
      AccountNumber: 'Account Number Required',
      Amount: 'Amount Required',
      Mode: 'Bank/Ewallet Required',
    });
    const filled = { AccountName: 'Juan', AccountNumber: '0917', Mode: 'GCASH' };
    expect(errors({ ...filled, Amount: '49.99' })).toEqual({ Amount: '50php minimum' });
    expect(errors({ ...filled, Amount: '1000.01' })).toEqual({ Amount: 'Insufficient balance' });
    expect(errors({ ...filled, Amount: '12.345' })).toEqual({ Amount: MEMBERS_TEXTS.withdrawAmountFormat });
    expect(errors({ ...filled, Amount: '1000' })).toEqual({});
    expect(withdrawFormSchema(null).safeParse({ ...filled, Amount: '99999' }).success).toBe(true);
  });

  it('checks a withdrawal request the same way on the server side', () => {
    const valid = { Amount: 50, AccountName: 'Juan', AccountNumber: '0917', Mode: 'GCASH', Balance: 100, TransactionType: 0 };
    expect(CashOutRequestSchema.safeParse(valid).success).toBe(true);
    expect(firstMessage(CashOutRequestSchema.safeParse({ ...valid, Amount: 49 }))).toBe('50php minimum');
    expect(firstMessage(CashOutRequestSchema.safeParse({ ...valid, Mode: ' ' }))).toBe('Bank/Ewallet Required');
    expect(CashOutRequestSchema.safeParse({ ...valid, TransactionType: 1 }).success).toBe(false);
    expect(CashOutRequestSchema.safeParse({ ...valid, Amount: 50.25 }).success).toBe(true);
  });
});
