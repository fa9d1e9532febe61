// /cases/:id (§2): the case header (price, RTP), the reel with the Open button, the win notice,
// the items it can drop with their chances, and the provably-fair block.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { CaseWithItemsJson } from "../../../../shared/api/cases";
import { idFromText } from "../../../../shared/api/common";
import { toCents } from "../../../../shared/money";
import { useStakeHeadroom } from "../../lib/protection";
import { useUiStore } from "../../lib/uiStore";
import { ApiError } from "../../lib/api";
import { useCurrentUser, useSignedInUser } from "../../lib/session/useCurrentUser";
import { formatDollars } from "../../ui/Money";
import { Skeleton, Spinner } from "../../ui/Spinner";
import { StakeHeadroom } from "../../ui/StakeHeadroom";
import { LoadFailed } from "../../ui/StateNote";
import { CaseImage } from "./CaseImage";
import { CaseItems } from "./CaseItems";
import { CaseResult } from "./CaseResult";
import { FairnessBlock } from "./FairnessBlock";
import { LiveDrops } from "./LiveDrops";
import { useCase } from "./queries";
import { Reel } from "./Reel";
import { useCaseOpening } from "./useCaseOpening";
import { useCasesListSeedingDrops } from "./useCasesListSeedingDrops";
import { WinNotice } from "./WinNotice";
import "./cases.css";

function formatRtp(rtp: number, lng: string): string {
  return `${new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(rtp)}%`;
}

function OpenControls({ kase, signedIn, phase, onOpen }: { kase: CaseWithItemsJson; signedIn: boolean; phase: string; onOpen(): void }) {
  const { t } = useTranslation("cases");
  const openModal = useUiStore((s) => s.openModal);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const busy = phase === "opening" || phase === "spinning";
  // after a landing the keyboard is ready for "open again"
  useEffect(() => {
    if (phase === "landed") buttonRef.current?.focus({ preventScroll: true });
  }, [phase]);
  const price = formatDollars(kase.price);
  const user = useSignedInUser();
  const headroom = useStakeHeadroom(`${user?.balance ?? 0}`);
  const overLimit = headroom !== null && toCents(kase.price) > headroom.cents;
  const limitNoteId = useId();
  if (!signedIn) {
    return (
      <div className="case-open">
        <button type="button" className="button button-primary case-open__button" disabled>
          {t("open.button", { price })}
        </button>
        <p className="case-open__hint">
          {t("open.signin_hint")}{" "}
          <button type="button" className="case-link-button" onClick={() => openModal("login")}>
            {t("open.signin")}
          </button>
        </p>
      </div>
    );
  }
  return (
    <div className="case-open">
      <button
        type="button"
        ref={buttonRef}
        className="button button-primary case-open__button"
        disabled={busy || overLimit}
        aria-busy={busy}
        aria-describedby={overLimit ? limitNoteId : undefined}
        onClick={onOpen}
      >
        {phase === "opening" && <Spinner size={16} label={t("open.opening")} />}
        {phase === "opening"
          ? t("open.opening")
          : phase === "spinning"
            ? t("open.spinning")
            : phase === "landed"
              ? t("open.again", { price })
              : t("open.button", { price })}
      </button>
      {overLimit ? (
        <p id={limitNoteId} className="case-open__hint" role="status">
          {t("open.over_limit")}
        </p>
      ) : null}
      <StakeHeadroom headroom={headroom} />
    </div>
  );
}

function CaseView({ kase }: { kase: CaseWithItemsJson }) {
  const { t, i18n } = useTranslation("cases");
  const user = useCurrentUser().data ?? null;
  const { phase, reel, win, open, landed } = useCaseOpening(kase, user?.id ?? null);
  return (
    <>
      <header className="case-head">
        <CaseImage name={kase.name} image={kase.image} size={128} />
        <div className="case-head__text">
          <h1 className="case-head__name">{kase.name}</h1>
          <dl className="case-head__facts">
            <div>
              <dt>{t("head.price")}</dt>
              <dd className="case-head__price">{formatDollars(kase.price)}</dd>
            </div>
            <div>
              <dt>{t("head.rtp")}</dt>
              <dd title={t("head.rtp_hint")}>{formatRtp(kase.rtp, i18n.language)}</dd>
            </div>
          </dl>
        </div>
      </header>
      <section className="case-stage" aria-label={t("reel.section")}>
        {reel ? <Reel reel={reel} spinning={phase === "spinning"} onLanded={landed} /> : <p className="case-state">{t("no_items")}</p>}
        {phase === "landed" && win ? <CaseResult win={win} /> : null}
        <OpenControls kase={kase} signedIn={!!user} phase={phase} onOpen={() => void open()} />
      </section>
      <CaseItems items={kase.items} />
      <FairnessBlock kase={kase} userId={user?.id ?? null} />
      <WinNotice win={win} />
    </>
  );
}

export default function CaseScreen() {
  const { t } = useTranslation("cases");
  const { t: te } = useTranslation("errors");
  const id = idFromText(useParams().id) ?? Number.NaN; // digits only: /cases/1e2 is not case 100
  const query = useCase(id);
  // the strip needs the list's live drops when this screen is the first one opened
  useCasesListSeedingDrops();

  let body: ReactNode;
  const notFound = !Number.isSafeInteger(id) || id <= 0 || (query.error instanceof ApiError && query.error.status === 404);
  if (notFound) {
    body = (
      <div className="case-state" role="alert">
        <p>{te("cases_api.case_not_found")}</p>
        <Link className="button" to="/cases">
          {t("back")}
        </Link>
      </div>
    );
  } else if (query.isPending) {
    body = (
      <div className="case-loading" role="status" aria-busy="true" aria-label={t("loading")}>
        <Skeleton height={128} />
        <Skeleton height={190} />
        <Skeleton height={240} />
      </div>
    );
  } else if (query.isError) {
    body = <LoadFailed className="case-state" message={te("cases_error.load")} onRetry={() => void query.refetch()} />;
  } else {
    // a new case id is a new opening session (reel, phase, win)
    body = <CaseView key={query.data.case.id} kase={query.data.case} />;
  }

  return (
    <div className="case-screen" data-testid="case-screen">
      <nav className="case-back">
        <Link to="/cases">← {t("back")}</Link>
      </nav>
      {body}
      <LiveDrops />
    </div>
  );
}
