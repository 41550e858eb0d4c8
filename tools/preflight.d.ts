// Types of tools/preflight.js for the TypeScript that uses it (the browser tests' setup).
export declare class MissingTool extends Error {}
export declare function need(request: string, opts?: { root?: string; purpose?: string }): string;
export declare function pnpmCommand(opts?: { root?: string; env?: NodeJS.ProcessEnv }): string[];
export declare function needFile(file: string, hint: string): string;
export declare function needChromium(executable: string): string;
export declare function envSchema(): typeof import('../shared/service-kit/src/config/variables');
export declare function runMain(main: () => unknown): void;
export declare const INSTALL: string;
export declare const ROOT: string;
