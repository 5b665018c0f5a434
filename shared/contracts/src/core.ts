// What every area builds on: the endpoint definition and its plain-fetch caller, field rules,
// error answers, the access token's claims, and the shapes of games, bets and transactions that
// several areas read (GAME_TYPE, Bet, Team…).
export * from './endpoints/define';
export * from './endpoints/fetch-endpoint';
export * from './contracts/fields';
export * from './contracts/errors';
export * from './contracts/token';
export * from './contracts/history';
export * from './contracts/games';
