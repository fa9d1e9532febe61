export interface FakeProviders {
  baseUrl: string;
  close(): Promise<void>;
}
export function startFakeProviders(opts?: { port?: number; host?: string }): Promise<FakeProviders>;
