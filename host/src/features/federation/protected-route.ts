/** Every remote route is protected (spec route tables), so they are patched under this route. */
export const PROTECTED_ROUTE_ID = 'protected';
