// Preloaded (node --require) into the console that `npm run demo` starts, with an IPC channel to
// the launcher. The launcher runs the service in its own process; if it dies without stopping the
// console (killed, out of memory), the channel closes: the console says so and stops, instead of
// running on, detached and silent, against a service that is gone.
process.once("disconnect", () => {
  console.error(
    "The demo launcher (which runs the service) is gone: stopping the console too. Start `npm run demo` again.",
  );
  process.exit(1);
});
