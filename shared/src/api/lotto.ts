// API calls of the lotto area (one function per endpoint; responses parsed with their contracts).
export {};
