import type { TestProject } from "vitest/node";
import { startFakeProviders } from "../fakes/providers.mjs";

// Starts the local fakes (Steam OpenID, VK ID, price feed) that speak the real protocols.
export default async function setup(project: TestProject) {
  const fakes = await startFakeProviders({ port: 0 });
  project.provide("fakeBase", fakes.baseUrl);
  return async () => fakes.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeBase: string;
  }
}
