// The case list as both case screens read it: its live drops seed the strip's store, whichever
// screen is opened first (the list screen, or a case page opened directly).
import { useEffect } from "react";
import { useCasesList } from "./queries";
import { useCasesStore } from "./store";

export function useCasesListSeedingDrops() {
  const list = useCasesList();
  const liveDrop = list.data?.liveDrop;
  useEffect(() => {
    if (liveDrop) useCasesStore.getState().seed(liveDrop);
  }, [liveDrop]);
  return list;
}
