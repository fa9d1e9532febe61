// A win popup (§2 Other UI): joins the notice stack, shows for UI.winNoticeMs after each new win
// or until closed. The games (crash, cases) give the title and the lines below it.
import { type ReactNode, useEffect, useRef, useState } from "react";
import { UI } from "../../../shared/constants";
import { ItemImage } from "./ItemImage";
import { InNoticeStack } from "./NoticeStack";
import { useItemName } from "./itemWords";

/** The win being shown: each new `win` shows for UI.winNoticeMs; `close` hides it early. */
export function useShownWin<T>(win: T | null): [T | null, () => void] {
  const [shown, setShown] = useState<T | null>(null);
  // the hide timer outlives the store's reset of `win` to null (a new round clears it within the
  // 5 s): only a newer win or the unmount cancels it, so a notice never stays up
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!win) return;
    setShown(win);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setShown(null), UI.winNoticeMs);
  }, [win]);
  useEffect(() => () => clearTimeout(timer.current), []);
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
  const itemName = useItemName();
  return (
    <>
      <p>{line}</p>
      <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={96} />
      <p className="win-notice__name">{itemName(item.market_hash_name)}</p>
    </>
  );
}
