// Integer cents (a client-side quote: sale, exchange, withdrawal fee) shown as dollars. Apart from
// Money.tsx so the header's Money does not pull shared/money (and zod) into the first load.
import { toDollars, type Cents } from "../../../shared/money";
import { formatDollars } from "./Money";

export function formatCentsAsDollars(cents: Cents): string {
  return formatDollars(toDollars(cents));
}
