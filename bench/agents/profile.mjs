// SIGUSR2 once: start the V8 CPU profiler; twice: stop and write $PROF_DIR/<pid>.cpuprofile (server process only)
import { Session } from "node:inspector";
import { writeFileSync } from "node:fs";
const dir = process.env.PROF_DIR;
if (dir && process.argv.some((a) => a.includes("serve"))) {
  const s = new Session();
  s.connect();
  let on = false;
  process.on("SIGUSR2", () => {
    if (!on) {
      on = true;
      s.post("Profiler.enable", () =>
        s.post("Profiler.setSamplingInterval", { interval: 500 }, () => s.post("Profiler.start")),
      );
      return;
    }
    s.post("Profiler.stop", (err, { profile }) => {
      writeFileSync(`${dir}/${process.pid}.cpuprofile`, JSON.stringify(profile));
      on = false;
    });
  });
}
