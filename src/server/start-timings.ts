/**
 * How long each stage of start-up took, to see where a slow start goes. Stages on the main line
 * follow one another (`lap`); the database opens and migrates beside the loading of the code
 * (`beside`), so its stages are told apart, each with its own duration, and the main line's
 * `database` lap is only the wait for it once the code is loaded.
 */
export class StartTimings {
  // performance.now() counts from the process's start: until here node's own start, under `npm start`
  // the build check (and a build, when one was needed: scripts/start.mjs), and the entry's modules.
  private last = performance.now();
  private lastBeside = this.last;
  private readonly stages: string[] = [`boot ${seconds(this.last)}`];
  private readonly besides: string[] = [];

  lap(stage: string) {
    const now = performance.now();
    this.stages.push(`${stage} ${seconds(now - this.last)}`);
    this.last = now;
  }

  beside(stage: string) {
    const now = performance.now();
    this.besides.push(`${stage} ${seconds(now - this.lastBeside)}`);
    this.lastBeside = now;
  }

  summary(): string {
    const besides = this.besides.length ? `; meanwhile ${this.besides.join(', ')}` : '';
    return `${seconds(this.last)} (${this.stages.join(', ')}${besides})`;
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
