// The Steam libraries ship no TypeScript types: what steam-adapter.ts uses of them. Its own
// interfaces (LibOffer, LibManager) type the objects they hand back.
declare module "steam-totp" {
  const SteamTotp: { generateAuthCode(sharedSecret: string): string };
  export default SteamTotp;
}
declare module "steam-user" {
  const SteamUser: new (options: object) => { on(event: string, fn: (...args: never[]) => void): void; logOn(details: object): void; webLogOn(): void };
  export default SteamUser;
}
declare module "steamcommunity" {
  const SteamCommunity: new () => {
    on(event: string, fn: (...args: never[]) => void): void;
    setCookies(cookies: string[]): void;
    acceptConfirmationForObject(identitySecret: string, objectId: string, cb: (err: Error | null) => void): void;
  };
  export default SteamCommunity;
}
declare module "steamid" {
  class SteamID {
    constructor(input: string);
    isValidIndividual(): boolean;
  }
  export default SteamID;
}
declare module "steam-tradeoffer-manager" {
  // biome-ignore lint/suspicious/noExplicitAny: the manager's shape is LibManager in steam-adapter.ts
  const TradeOfferManager: new (options: object) => any;
  export default TradeOfferManager;
}
