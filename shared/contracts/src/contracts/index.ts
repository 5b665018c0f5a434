// Pure zod contracts: imported by the browser (responses) and by the player API (requests).
// Nothing here may import React, axios or the store.
export * from './fields';
export * from './errors';
export * from './auth';
export * from './token';
export * from './account';
export * from './jackpot';
export * from './history';
export * from './games';
export * from './members';
export * from './lotto';
export * from './karera';
export * from './sports';
