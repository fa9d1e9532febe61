// Loading indicators: a spinner for actions, skeleton blocks for screens being fetched.
import { useTranslation } from "react-i18next";

export function Spinner({ size = 24, label }: { size?: number; label?: string }) {
  const { t } = useTranslation("common");
  return <span className="spinner" style={{ width: size, height: size }} role="status" aria-label={label ?? t("loading")} />;
}

export function Skeleton({ width, height = 16, className }: { width?: number | string; height?: number | string; className?: string }) {
  return <span className={`skeleton${className ? ` ${className}` : ""}`} style={{ width, height }} aria-hidden="true" />;
}

/** Shown while a lazy screen's chunk loads. */
export function ScreenSkeleton() {
  const { t } = useTranslation("common");
  return (
    <div className="screen-skeleton" role="status" aria-busy="true" aria-label={t("loading")}>
      <Skeleton height={28} width="40%" />
      <Skeleton height={220} />
      <div className="screen-skeleton-row">
        <Skeleton height={90} />
        <Skeleton height={90} />
        <Skeleton height={90} />
      </div>
    </div>
  );
}
