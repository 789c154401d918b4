// Types of build-state.mjs for its test.
export function staleReason(root?: string): string | null;
export function ensureBuild(options?: {
  root?: string;
  command?: string;
  log?: (line: string) => void;
}): boolean;
