// The inventory panel with the profile's trade link form for its take dialog (a user without a
// link sets it there first): features do not import each other, the app joins them. Loaded lazily.
import { InventoryPanel } from "../features/inventory/InventoryPanel";
import { TradeLinkForm } from "../features/profile/TradeLinkForm";

export function InventoryWithTradeLink() {
  return <InventoryPanel tradeLinkForm={<TradeLinkForm current={null} />} />;
}
