export { useHubConnection } from "./useHubConnection";
export { useHubStore, type HubState } from "./store";
export { onHubEvent } from "./events";
export { HubOnlineCount } from "./OnlineCount";
