// The members area: deposits, withdrawals, payment options and proofs, the bet and transaction
// histories and how each bet reads in them (document 1, section 6).
export * from './contracts/members';
export * from './endpoints/members';
export * from './endpoints/uploads';
export * from './endpoints/history';
export * from './results/bet-results';
