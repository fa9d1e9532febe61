// The storehouse panel wired to the inventory selection (an exchange pays with selected
// inventory items): features do not import each other, the app joins them. Loaded lazily.
import { useExchangeOffer } from "../features/inventory/exchange";
import { StorePanel } from "../features/store/StorePanel";

export function StoreWithExchange() {
  return <StorePanel exchange={useExchangeOffer()} />;
}
