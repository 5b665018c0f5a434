export declare const DEFAULT_API_URL: string;
export declare const REMOTE_PORT_OFFSETS: { readonly members: 1; readonly lotto: 2; readonly sports: 3; readonly karera: 4 };
export declare function runtimeConfig(apiUrl: string): string;
export declare function devRemotesJson(registryFile: string, hostPort: number): string;
