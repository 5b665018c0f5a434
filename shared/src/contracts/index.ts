// Pure zod contracts: imported by the browser (responses) and by the player API (requests).
// Nothing here may import React, axios or the store.
export * from './fields';
export * from './errors';
export * from './auth';
export * from './token';
export * from './account';
export * from './jackpot';
