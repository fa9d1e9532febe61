// The console's root, lazy from the router: the console with its page list (consolePages.tsx), so
// neither the console nor the list of its pages is part of a player's first load.
import ConsoleApp from "../features/admin/console/ConsoleApp";
import { CONSOLE_PAGES } from "./consolePages";

export default function ConsoleRoot() {
  return <ConsoleApp pages={CONSOLE_PAGES} />;
}
