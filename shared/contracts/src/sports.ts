// Sports: the basketball schedule, the jackpot betting rules, limits and texts the server enforces,
// results and winners, and the jackpot pools (document 2).
export * from './contracts/sports';
export * from './endpoints/sports';
export * from './contracts/jackpot';
export * from './endpoints/jackpot';
export { winLabel } from './results/bet-results';
