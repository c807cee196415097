export function buildNodeAppsIfStale(): void;
export function compiledAppArgs(app: 'server' | 'provider-demo'): { cwd: string; args: string[] };
