/**
 * A V8 CPU profile of a process the benchmark starts, for when its flags are not ours to set
 * (`--cpu-prof` is refused in NODE_OPTIONS): `NODE_OPTIONS=--import=<this file>` and
 * BENCH_CPU_PROF_DIR=<folder>. Samples every millisecond from start to exit and writes
 * `<folder>/<pid>.cpuprofile` (open it in Chrome DevTools' Performance panel or speedscope).
 * Plain JavaScript: it is loaded before any TypeScript loader is.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { join } from "node:path";

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 1000 });
  session.post("Profiler.start");
  // The main thread's session answers synchronously, so the profile is written before the process ends.
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
