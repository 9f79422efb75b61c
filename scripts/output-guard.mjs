// A process whose output has no reader any more (its log pipe closed, or the parent that started it died) must keep
// going: a write to a closed pipe fails with EPIPE, and with no listener for it the stream's error is thrown as an
// uncaught exception whose report is written to the same closed pipe, failing again. Seen: a server left by a
// crashed parent spun a core that way on SIGTERM and never exited. From the first EPIPE on, output is dropped.
const BROKEN = new Set(["EPIPE", "ERR_STREAM_DESTROYED"]);

export function dropOutputWithoutReader() {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (err) => {
      if (!BROKEN.has(err?.code)) throw err;
    });
  }
}
