export const PORTS_DIR: string;
export function portRange(): { from: number; to: number };
export function freePort(opts?: { from?: number; to?: number; dir?: string }): Promise<number>;
