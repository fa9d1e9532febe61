// /support: the support page with the FAQ in its slot (features do not import each other, the app
// joins them). Loaded lazily by the router.
import { FaqSection } from "../features/faq/FaqSection";
import SupportPage from "../features/support/SupportPage";

export default function SupportWithFaq() {
  return <SupportPage faq={<FaqSection />} />;
}
