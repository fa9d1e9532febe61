// Temporary stand-in so the support branch typechecks: replaced by the faq branch (the real FAQ).
export function FaqSection() {
  return null;
}
