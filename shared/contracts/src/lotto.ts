// Lotto: schedules, draws and results, the games' rules and odds, and the jackpot pools its cards
// show (document 1, sections 2 and 7–9; document 2, section 7).
export * from './contracts/lotto';
export * from './endpoints/lotto';
export * from './contracts/jackpot';
export * from './endpoints/jackpot';
export { formatLottoNumbers } from './results/bet-results';
