// The trade bot service (bot/, docs/trade-bot.md) on the simulated Steam, for a local site that
// runs against the real service instead of the fake (`TRADE_BOT=service npm start`). It signs
// with the same public dev secret the fake checks.
import { spawn } from "node:child_process";
import path from "node:path";
import { DEV_TRADE_BOT_SECRET } from "../../tests/fakes/trade-bot.mjs";

/**
 * Starts `node bot/src/main.ts` (BOT_STEAM=simulated) and resolves once its /health answers.
 * `control`: the fake bot's /control API too (BOT_CONTROL=1: the worker's tests drive it).
 */
export async function startBotService({ root, port = 8791, dbDir, control = false, log = true }) {
  const child = spawn(process.execPath, [path.join(root, "bot/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      BOT_SECRET: DEV_TRADE_BOT_SECRET,
      BOT_STEAM: "simulated",
      BOT_PORT: String(port),
      BOT_DB: path.join(dbDir, "bot.sqlite"),
      BOT_CONTROL: control ? "1" : "0",
      NODE_NO_WARNINGS: "1",
    },
    stdio: ["ignore", log ? "inherit" : "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bot service exited (${child.exitCode})`);
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("the bot service did not answer /health within 20 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
