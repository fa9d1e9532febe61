// A table of a list the server answers whole: the console's one table (ui/ConsoleTable.tsx
// StaticTable), under the name the chat log page still imports.
export { StaticTable as SimpleTable } from "../ui/ConsoleTable";
