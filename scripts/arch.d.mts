// Types of scripts/arch.mjs (`npm run arch`), for the tests that import it.
export const KIND_NAMES: readonly string[];
export const KIND_MODULES: readonly string[];
export const GENERIC_MODULES: readonly string[];
export const LONG_FUNCTION_LINES: number;

export function listSources(dir: string): string[];
export function layerOf(file: string): 'root' | 'infra' | 'plugins' | 'modules';
export function moduleOf(file: string): string | null;
export function isBackUp(from: string, to: string): boolean;
export function importsOf(text: string, fileName?: string): { spec: string; typeOnly: boolean }[];
export function cyclesOf(edges: readonly (readonly [string, string])[]): string[][];
export function tablesDefinedIn(text: string): Map<string, string>;
export function writesIn(text: string, tableNames: readonly string[]): { table: string; line: number }[];
export function longFunctionsIn(
  text: string,
  fileName: string,
  min: number,
): { name: string; line: number; lines: number; why: boolean }[];

export function decoratorsIn(text: string): {
  added: { name: string; line: number }[];
  declared: Set<string>;
};

export function appParamsIn(
  text: string,
  fileName: string,
): { line: number; whole: boolean; passedOn: boolean; uses: string[] }[];

export interface ArchWrite {
  file: string;
  line: number;
  from: string;
  to: string;
  table: string;
}
export interface ArchReport {
  files: number;
  imports: number;
  /** Every relative import as [from, to] (files relative to the server's src). */
  edges: [string, string][];
  backUp: { count: number; byFrom: Record<string, number>; arrows: [string, string][] };
  /** Module pairs importing each other's code (schema.ts imports left out). */
  modulePairsBothWays: string[];
  /** Module pairs where one reads the other's tables (imports its schema.ts). */
  moduleTableReads: number;
  cycles: { count: number; files: number; list: string[][] };
  valueCycles: { count: number; files: number };
  tables: { inModules: number; inDbSchema: number };
  writes: {
    all: number;
    toAnotherModule: number;
    pairs: Record<string, number>;
    fromInfrastructure: Record<string, number>;
    marketsWriters: Record<string, number>;
    list: ArchWrite[];
  };
  kindNamesOutsideKinds: { count: number; byFile: Record<string, number>; clients: Record<string, number> };
  longFunctions: {
    over: number;
    count: number;
    /** Long functions with no "Long because …" comment before them. */
    withoutWhy: number;
    list: { file: string; name: string; line: number; lines: number; why: boolean }[];
  };
  /** Decorators added, and those whose type is declared away from the plugin that adds them (`file:line name`). */
  decorators: { count: number; declaredElsewhere: string[] };
  /** Functions given the Fastify instance: naming what they use, taking it whole, or could name it. */
  appParams: { picks: number; whole: number; narrowable: string[] };
}
export function measure(src?: string): ArchReport;
