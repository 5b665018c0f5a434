// API calls of the karera area (one function per endpoint; responses parsed with their contracts).
export {};
