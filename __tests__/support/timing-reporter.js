/**
 * Where a jest run spent its time, printed at its end beside the default reporter: each folder's
 * total (unit, integration, server, screen-reader; summed over workers, so larger than the wall
 * time) and the slowest files, so CI's log says what to make faster (README, Testing: CI time).
 */
class TimingReporter {
  constructor() {
    this.files = [];
  }

  onTestResult(test, result) {
    const file = test.path.replace(/^.*?\/__tests__\//, '');
    this.files.push({ file, ms: result.perfStats.end - result.perfStats.start });
  }

  onRunComplete() {
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
    const folders = new Map();
    for (const { file, ms } of this.files) {
      const folder = file.includes('/') ? file.split('/')[0] : '.';
      folders.set(folder, (folders.get(folder) ?? 0) + ms);
    }
    const lines = ['', 'Time per folder (summed over workers):'];
    for (const [folder, ms] of [...folders].sort((a, b) => b[1] - a[1])) lines.push(`${seconds(ms)}  ${folder}`);
    lines.push('Slowest files:');
    for (const { file, ms } of [...this.files].sort((a, b) => b.ms - a.ms).slice(0, 15)) {
      lines.push(`${seconds(ms)}  ${file}`);
    }
    console.log(lines.join('\n'));
  }
}

module.exports = TimingReporter;
