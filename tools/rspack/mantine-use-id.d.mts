export declare function useId(staticId?: string): string;
