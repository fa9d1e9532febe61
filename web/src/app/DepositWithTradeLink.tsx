// The deposit dialog with the profile's trade link form for both its tabs (a player without a
// link sets it there first): features do not import each other, the app joins them. Loaded lazily.
import { DepositModal } from "../features/deposit/DepositModal";
import { TradeLinkForm } from "../features/profile/TradeLinkForm";

export function DepositWithTradeLink() {
  return <DepositModal tradeLinkForm={<TradeLinkForm current={null} />} />;
}
