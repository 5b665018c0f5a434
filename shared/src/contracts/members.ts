// Contracts of the members area (requests and responses, zod). Filled in by its issue.
export {};
