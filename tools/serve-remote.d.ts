// Types of tools/serve-remote.js for the TypeScript that uses it (the gateway's tests, the browser journey).
import type { Server } from 'node:http';

export declare function serveRemote(opts: { dir: string; port: number; allowOrigin: string; host?: string }): Promise<{ server: Server; origin: string }>;
export declare function headersFor(file: string, allowOrigin: string): Record<string, string>;
