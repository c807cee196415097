export function buildAll(opts?: {
  parts?: string[];
  force?: boolean;
  log?: (line: string) => void;
}): Promise<Record<string, number>>;
export function bundle(
  dir: string,
  outdir: string,
  entries: string[],
  rewrite?: (file: string, text: string) => string,
): Promise<void>;
