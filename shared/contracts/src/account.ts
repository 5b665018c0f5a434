// The player's account: sign-in and registration, the account and its changes, and the forms
// that edit them (document 1, sections 3–5).
export * from './contracts/auth';
export * from './contracts/account';
export * from './endpoints/auth';
export * from './endpoints/account';
export * from './validation/forms';
