import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { afterAll, beforeAll } from 'vitest';

const g = globalThis as unknown as { __prof?: Session };
beforeAll(async () => {
  if (!g.__prof) {
    const s = new Session();
    s.connect();
    await s.post('Profiler.enable');
    await s.post('Profiler.setSamplingInterval', { interval: 1000 });
    g.__prof = s;
  }
  await g.__prof.post('Profiler.start');
});
afterAll(async () => {
  const s = g.__prof as Session;
  const { profile } = await s.post('Profiler.stop');
  writeFileSync(`/tmp/prof/${process.pid}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
});
