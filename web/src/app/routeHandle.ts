// What a route says about its screen (router.tsx gives each route one; the deepest route's wins):
// a mode view (a game) or a page view, and the tab title. Layout reads it from this context.
import { createContext } from "react";
import type { GameName, ViewType } from "../lib/uiStore";
import type { ScreenTitle } from "./documentTitle";

export interface RouteHandle {
  view?: ViewType;
  /** The current-game marker of a mode view. */
  game?: GameName;
  /** Names the screen in the tab title (the deepest route's wins). */
  title?: ScreenTitle;
}

export const RouteHandleContext = createContext<RouteHandle>({});
