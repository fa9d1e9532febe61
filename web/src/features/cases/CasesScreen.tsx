// /cases (§2): the case cards in the server's priority order and the live drops strip.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CaseJson } from "../../../../shared/api/cases";
import { EmptyState } from "../../ui/EmptyState";
import { formatDollars } from "../../ui/Money";
import { Skeleton } from "../../ui/Spinner";
import { LoadFailed } from "../../ui/StateNote";
import { CaseImage } from "./CaseImage";
import { LiveDrops } from "./LiveDrops";
import { useCasesListSeedingDrops } from "./useCasesListSeedingDrops";
import "./cases.css";

const SKELETON_CARDS = 8;

function CaseCard({ kase }: { kase: CaseJson }) {
  const { t } = useTranslation("cases");
  const price = formatDollars(kase.price);
  return (
    <li>
      <Link to={`/cases/${kase.id}`} className="case-card" aria-label={t("card.label", { name: kase.name, price })}>
        <CaseImage name={kase.name} image={kase.image} size={128} />
        <span className="case-card__name">{kase.name}</span>
        <span className="case-card__price">{price}</span>
      </Link>
    </li>
  );
}

export default function CasesScreen() {
  const { t } = useTranslation("cases");
  const { t: te } = useTranslation("errors");
  const list = useCasesListSeedingDrops();

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <ul className="case-grid" aria-busy="true" aria-label={t("loading")}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i}>
            <Skeleton className="case-card case-card--skeleton" height={206} />
          </li>
        ))}
      </ul>
    );
  } else if (list.isError) {
    body = <LoadFailed className="case-state" message={te("cases_error.load")} onRetry={() => void list.refetch()} />;
  } else if (list.data.cases.length === 0) {
    body = <EmptyState title={t("empty")}>{t("empty_hint")}</EmptyState>;
  } else {
    body = (
      // the server's order: priority first, then id
      <ul className="case-grid" aria-label={t("list_label")}>
        {list.data.cases.map((c) => (
          <CaseCard key={c.id} kase={c} />
        ))}
      </ul>
    );
  }

  return (
    <div className="cases-screen" data-testid="cases-screen">
      <LiveDrops />
      <h1 className="cases-screen__title">{t("title")}</h1>
      {body}
    </div>
  );
}
