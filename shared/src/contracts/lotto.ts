// Contracts of the lotto area (requests and responses, zod). Filled in by its issue.
export {};
