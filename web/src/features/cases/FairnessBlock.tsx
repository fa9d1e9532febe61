// Provably fair on the case screen: the player's seed pair (server seed shown only as its hash,
// the client seed editable, the nonce of the next open), rotation (reveals the old server seed)
// and an in-browser check of a past roll with the case's weights. A link may fill the check with
// a roll (?server_seed_hash=…&client_seed=…&nonce=…, the profile's case history does).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { casesCalls, type CaseWithItemsJson, type RevealedSeedJson, type SeedsAnswer } from "../../../../shared/api/cases";
import { CASES } from "../../../../shared/constants";
import { notify } from "../../lib/uiStore";
import { api, failureKey } from "../../lib/api";
import { Spinner } from "../../ui/Spinner";
import { casesKeys, useSeeds } from "./queries";
import { useCasesStore } from "./store";
import { VerifyRoll } from "./VerifyRoll";
import { rollInputFromQuery, type RollInput } from "./caseRollCheck";

function SeedsPanel({ userId, onRevealed }: { userId: number; onRevealed(previous: RevealedSeedJson): void }) {
  const { t } = useTranslation("cases");
  const qc = useQueryClient();
  const seeds = useSeeds(userId);
  const [draft, setDraft] = useState<string | null>(null);
  const clientSeed = draft ?? seeds.data?.client_seed ?? "";

  const save = useMutation({
    mutationFn: (client_seed: string) => api(casesCalls.seedsClient, { client_seed }),
    onSuccess: (answer) => {
      qc.setQueryData<SeedsAnswer>(casesKeys.seedsOf(userId), {
        server_seed_hash: answer.server_seed_hash,
        client_seed: answer.client_seed,
        nonce: answer.nonce,
      });
      setDraft(null);
      notify({ type: "success", message: answer.message });
    },
    onError: (err) => {
      const key = failureKey(err, "cases_error.seeds");
      if (key) notify({ type: "error", message: key });
    },
  });
  const rotate = useMutation({
    mutationFn: () => api(casesCalls.seedsRotate, {}),
    onSuccess: (answer) => {
      qc.setQueryData<SeedsAnswer>(casesKeys.seedsOf(userId), {
        server_seed_hash: answer.server_seed_hash,
        client_seed: answer.client_seed,
        nonce: answer.nonce,
      });
      onRevealed(answer.previous);
      notify({ type: "success", message: answer.message });
    },
    onError: (err) => {
      const key = failureKey(err, "cases_error.seeds");
      if (key) notify({ type: "error", message: key });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = clientSeed.trim();
    if (value.length === 0) {
      notify({ type: "error", message: "cases_api.invalid_client_seed" });
      return;
    }
    save.mutate(value);
  };

  if (seeds.isPending) return <Spinner label={t("fair.loading")} />;
  if (seeds.isError) {
    return (
      <div className="case-state" role="alert">
        <button type="button" className="button button-small" onClick={() => void seeds.refetch()}>
          {t("retry")}
        </button>
      </div>
    );
  }
  return (
    <div className="case-fair__card">
      <h3 className="case-fair__subtitle">{t("fair.seeds")}</h3>
      <dl className="case-fair__facts">
        <div>
          <dt>{t("fair.server_hash")}</dt>
          <dd>
            <code data-testid="case-server-hash">{seeds.data.server_seed_hash}</code>
          </dd>
        </div>
        <div>
          <dt>{t("fair.nonce")}</dt>
          <dd data-testid="case-nonce">{seeds.data.nonce}</dd>
        </div>
      </dl>
      <form className="case-fair__seed-form" onSubmit={submit}>
        <label htmlFor="case-client-seed">{t("fair.client_seed")}</label>
        <div className="case-fair__row">
          <input
            id="case-client-seed"
            value={clientSeed}
            maxLength={CASES.clientSeedMaxLength}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="button button-small" disabled={save.isPending || draft === null || draft.trim() === seeds.data.client_seed}>
            {t("fair.save")}
          </button>
        </div>
        <p className="case-fair__hint">{t("fair.client_hint")}</p>
      </form>
      <button type="button" className="button button-small" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
        {t("fair.rotate")}
      </button>
      <p className="case-fair__hint">{t("fair.rotate_hint")}</p>
    </div>
  );
}

function Revealed({ previous, onCheck }: { previous: RevealedSeedJson; onCheck(): void }) {
  const { t } = useTranslation("cases");
  return (
    <div className="case-fair__card case-fair__revealed" role="status">
      <h3 className="case-fair__subtitle">{t("fair.revealed")}</h3>
      <dl className="case-fair__facts">
        <div>
          <dt>{t("fair.server_seed")}</dt>
          <dd>
            <code data-testid="case-revealed-seed">{previous.server_seed}</code>
          </dd>
        </div>
        <div>
          <dt>{t("fair.server_hash")}</dt>
          <dd>
            <code>{previous.server_seed_hash}</code>
          </dd>
        </div>
        <div>
          <dt>{t("fair.client_seed")}</dt>
          <dd>
            <code>{previous.client_seed}</code>
          </dd>
        </div>
        <div>
          <dt>{t("fair.opens")}</dt>
          <dd>{previous.nonce}</dd>
        </div>
      </dl>
      {previous.nonce > 0 && (
        <button type="button" className="button button-small" onClick={onCheck}>
          {t("fair.check_last")}
        </button>
      )}
    </div>
  );
}

export function FairnessBlock({ kase, userId }: { kase: CaseWithItemsJson; userId: number | null }) {
  const { t } = useTranslation("cases");
  const [revealed, setRevealed] = useState<RevealedSeedJson | null>(null);
  const [params] = useSearchParams();
  const [input, setInput] = useState<RollInput>(() => rollInputFromQuery(params));
  const { hash } = useLocation();
  // a link to the check (#case-fair) lands on it once the case has loaded
  useEffect(() => {
    if (hash === "#case-fair") document.getElementById("case-fair")?.scrollIntoView({ block: "start" });
  }, [hash]);
  const rolls = useCasesStore((s) => s.rolls).filter((r) => r.caseId === kase.id);

  const checkRevealed = (p: RevealedSeedJson) =>
    setInput({ serverSeed: p.server_seed, clientSeed: p.client_seed, nonce: String(Math.max(0, p.nonce - 1)), serverSeedHash: p.server_seed_hash });

  return (
    <section id="case-fair" className="case-fair" aria-labelledby="case-fair-title">
      <h2 id="case-fair-title" className="case-section-title">
        {t("fair.title")}
      </h2>
      <p className="case-fair__lead">
        {t("fair.lead")} <Link to="/provably-fair">{t("fair.more")}</Link>
      </p>
      <pre className="formula-block case-fair__formula">
        {
          'n = int(keccak256(server_seed + ":" + client_seed + ":" + nonce + ":cases")[0..13], 16)\nt = floor(n · W / 2^52)   →   the first item whose cumulative weight > t'
        }
      </pre>
      <div className="case-fair__cols">
        <div className="case-fair__col">
          {userId !== null ? <SeedsPanel key={userId} userId={userId} onRevealed={setRevealed} /> : <p className="case-fair__hint">{t("fair.signin")}</p>}
          {revealed && <Revealed previous={revealed} onCheck={() => checkRevealed(revealed)} />}
        </div>
        <VerifyRoll
          kase={kase}
          input={input}
          onInput={setInput}
          rolls={rolls}
          onPickRoll={(r) =>
            setInput({
              serverSeed: revealed && revealed.server_seed_hash === r.roll.server_seed_hash ? revealed.server_seed : "",
              clientSeed: r.roll.client_seed,
              nonce: String(r.roll.nonce),
              serverSeedHash: r.roll.server_seed_hash,
            })
          }
        />
      </div>
    </section>
  );
}
