// Types of tools/remote.js (pnpm remote) for the TypeScript that uses it (the gateway's tests).
export declare function run(argv: string[], settings: { GATEWAY_URL?: string; REMOTE_DEPLOY_TOKEN?: string }, out?: (line: string) => void, err?: (line: string) => void): Promise<number>;
export declare function parseArgs(argv: string[]): { words: string[]; options: { gateway?: string; token?: string } };
export declare function tokenFor(value: string | undefined, remote?: string): string | undefined;
