import { spawnSync } from 'node:child_process';
import { isStale, targets } from './build-state';

// npm start: build whatever is missing or older than its sources; the server then runs from dist/api.
for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
  if (!isStale(name)) continue;
  console.log(`Building the ${name}…`);
  const result = spawnSync('npm', ['run', '--silent', targets[name].script], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building the ${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
