// Contracts of the karera area (requests and responses, zod). Filled in by its issue.
export {};
