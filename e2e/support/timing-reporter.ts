import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Where a Playwright run spent its time, printed at its end beside the list reporter: each spec
 * file's total (every attempt, retries included) and the slowest tests, so CI's log says what to make
 * faster (README, Testing: CI time).
 */
export default class TimingReporter implements Reporter {
  private readonly files = new Map<string, { ms: number; tests: number }>();
  private readonly tests: Array<{ title: string; ms: number; retry: number }> = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file.replace(/^.*?\/e2e\//, 'e2e/');
    const project = test.parent.project()?.name;
    const key = project ? `${file} [${project}]` : file;
    const entry = this.files.get(key) ?? { ms: 0, tests: 0 };
    entry.ms += result.duration;
    entry.tests += result.retry === 0 ? 1 : 0;
    this.files.set(key, entry);
    this.tests.push({ title: `${key} > ${test.title}`, ms: result.duration, retry: result.retry });
  }

  onEnd(result: FullResult): void {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
    const lines = ['', `Time per spec file (run ${seconds(result.duration).trim()} in all):`];
    for (const [file, { ms, tests }] of [...this.files].sort((a, b) => b[1].ms - a[1].ms)) {
      lines.push(`${seconds(ms)}  ${file} (${tests} test${tests === 1 ? '' : 's'})`);
    }
    lines.push('Slowest tests:');
    for (const test of [...this.tests].sort((a, b) => b.ms - a.ms).slice(0, 10)) {
      lines.push(`${seconds(test.ms)}  ${test.title}${test.retry ? ` (retry ${test.retry})` : ''}`);
    }
    console.log(lines.join('\n'));
  }

  printsToStdio(): boolean {
    return false;
  }
}
