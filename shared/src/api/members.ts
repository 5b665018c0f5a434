// API calls of the members area (one function per endpoint; responses parsed with their contracts).
export {};
