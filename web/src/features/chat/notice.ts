// Chat notices through the shell's popups (uiStore.notify). A key without values goes as is
// (the popup translates it from "errors"); one with values, or of the "chat" namespace, is
// translated here, since the popup shows a text with spaces as it is (§8).
import { notify, type NoticeType } from "../../lib/uiStore";
import { ApiError } from "../../lib/api";
import { moderationFailureNotice, type NoticeSpec } from "./state";

/** Any namespace's t (the key is only known at run time). */
type AnyT = (...args: never[]) => unknown;

export function noticeText(spec: NoticeSpec, t: AnyT): string {
  const ns = spec.ns ?? "errors";
  if (!spec.params && ns === "errors") return spec.key;
  const translate = t as unknown as (key: string, options: Record<string, unknown>) => string;
  return translate(spec.key, { ns, defaultValue: spec.key, ...spec.params });
}

export function notifyChat(type: NoticeType, spec: NoticeSpec, t: AnyT): void {
  notify({ type, message: noticeText(spec, t) });
}

/** The notice key for a failed staff call: the server's key, or `fallback` when no answer came. */
export function staffFailureKey(err: unknown, fallback: string): string {
  return err instanceof ApiError ? moderationFailureNotice(err.status, err.key, fallback).key : fallback;
}
