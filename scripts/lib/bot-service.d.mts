/** scripts/lib/bot-service.mjs: the trade bot service on the simulated Steam (a local run, the worker tests with TRADE_BOT=service). */
export function startBotService(opts: {
  root: string;
  port?: number;
  dbDir: string;
  control?: boolean;
  log?: boolean;
}): Promise<{ url: string; stop(): Promise<void> }>;
