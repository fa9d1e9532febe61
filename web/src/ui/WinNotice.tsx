// A win popup (§2 Other UI): joins the notice stack, shows for UI.winNoticeMs after each new win
// or until closed. The games (crash, cases) give the title and the lines below it.
import { useEffect, useState, type ReactNode } from "react";
import { UI } from "../../../shared/constants";
import { ItemImage } from "./ItemImage";
import { InNoticeStack } from "./NoticeStack";

/** The win being shown: each new `win` shows for UI.winNoticeMs; `close` hides it early. */
export function useShownWin<T>(win: T | null): [T | null, () => void] {
  const [shown, setShown] = useState<T | null>(null);
  useEffect(() => {
    if (!win) return;
    setShown(win);
    const timer = setTimeout(() => setShown(null), UI.winNoticeMs);
    return () => clearTimeout(timer);
  }, [win]);
  return [shown, () => setShown(null)];
}

interface WinNoticeCardProps {
  title: ReactNode;
  closeLabel: string;
  onClose(): void;
  testId: string;
  className?: string;
  children: ReactNode;
}

export function WinNoticeCard({ title, closeLabel, onClose, testId, className, children }: WinNoticeCardProps) {
  return (
    <InNoticeStack>
      <div className={className ? `win-notice ${className}` : "win-notice"} role="status" data-testid={testId}>
        <button type="button" className="win-notice__close" onClick={onClose} aria-label={closeLabel}>
          ×
        </button>
        <p className="win-notice__title">{title}</p>
        {children}
      </div>
    </InNoticeStack>
  );
}

interface WonItemProps {
  /** "You won new item!" or the plain wording for an even result */
  line: ReactNode;
  item: { market_hash_name: string; image?: string | null; rarity_color?: string | null };
}

/** The won item under the title: the line, its 96 px picture and its name. */
export function WonItem({ line, item }: WonItemProps) {
  return (
    <>
      <p>{line}</p>
      <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={96} />
      <p className="win-notice__name">{item.market_hash_name}</p>
    </>
  );
}
