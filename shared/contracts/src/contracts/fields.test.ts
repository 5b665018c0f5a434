import { z } from 'zod/mini';
import { HIDDEN_CHARACTERS_TEXT, MAX_PESOS, MONEY_TEXTS, MoneySchema, hasWholeCentavos, password, registerUsername, requiredString } from './fields';
import { CashOutRequestSchema } from './members';
import { JackpotSchema } from './jackpot';

describe('money fields', () => {
  it.each([0, 1, 50, 50.5, 50.05, 1234.56, 99_999.99, -12.34, MAX_PESOS])('%s pesos is a whole number of centavos', (pesos) => {
    expect(hasWholeCentavos(pesos)).toBe(true);
    expect(MoneySchema.safeParse(pesos).success).toBe(true);
  });

  it.each([0.001, 50.005, 1.005, 100.001, 1e-7, 0.1 + 0.2, Number.EPSILON])('%s pesos is refused as sub-centavo, never rounded', (pesos) => {
    expect(hasWholeCentavos(pesos)).toBe(false);
    const parsed = MoneySchema.safeParse(pesos);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MONEY_TEXTS.wholeCentavos);
  });

  it.each([1e21, 1e300, 2 ** 53 + 1, -1e21, MAX_PESOS + 0.01])('%s pesos is refused as too large', (pesos) => {
    const parsed = MoneySchema.safeParse(pesos);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MONEY_TEXTS.tooLarge);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, '100', null])('%s is no amount', (value) => {
    expect(MoneySchema.safeParse(value).success).toBe(false);
  });

  it('the operator\'s jackpot and the withdrawal\'s Balance are money fields (browser and server refuse alike)', () => {
    expect(JackpotSchema.safeParse({ Minor: 1e21, Major: 1, Grand: 1 }).success).toBe(false);
    expect(JackpotSchema.safeParse({ Minor: 0.001, Major: 1, Grand: 1 }).success).toBe(false);
    const cashOut = { Amount: 50, AccountName: 'Juan', AccountNumber: '0917', Mode: 'GCASH', Balance: 100, TransactionType: 0 };
    expect(CashOutRequestSchema.safeParse(cashOut).success).toBe(true);
    expect(CashOutRequestSchema.safeParse({ ...cashOut, Balance: 1e300 }).success).toBe(false);
    expect(CashOutRequestSchema.safeParse({ ...cashOut, Amount: 50.005 }).success).toBe(false);
  });
});

describe('text fields', () => {
  const name = requiredString('Name is required').check(z.maxLength(80));

  it.each([
    ['a control character', 'Juan\u0007'],
    ['an escape sequence', 'Juan\u001b[2J'],
    ['a new line', 'Juan\nDela Cruz'],
    ['a bidi override', 'Juan\u202Egnp.exe'],
    ['a bidi isolate', 'Juan\u2066x\u2069'],
    ['a zero-width space', 'Ju\u200Ban'],
    ['a zero-width joiner', 'Ju\u200Dan'],
    ['a byte-order mark inside', 'Ju\uFEFFan'],
    ['a soft hyphen', 'Ju\u00ADan'],
  ])('refuses %s', (_what, text) => {
    const parsed = name.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(HIDDEN_CHARACTERS_TEXT);
  });

  it('folds compatibility forms (NFKC): fullwidth letters, ligatures, non-breaking spaces', () => {
    expect(name.parse('Ｊｕａｎ')).toBe('Juan');
    expect(name.parse('ﬁ')).toBe('fi');
    expect(name.parse('Juan\u00A0Dela Cruz')).toBe('Juan Dela Cruz');
    expect(name.parse('  Juan  ')).toBe('Juan');
  });

  it('usernames that differ only by such characters are one name or refused', () => {
    expect(registerUsername.parse('ｄｅｍｏｐｌａｙｅｒ')).toBe('demoplayer');
    expect(registerUsername.parse('demo\u3000player')).toBe('demoplayer');
    expect(registerUsername.safeParse('demo\u200Bplayer').success).toBe(false);
    expect(registerUsername.safeParse('demoplayer\u202E').success).toBe(false);
  });

  it('keeps passwords as typed (they are hashed, never shown)', () => {
    expect(password.parse('pässwörd\u00A0x')).toBe('pässwörd\u00A0x');
  });
});
