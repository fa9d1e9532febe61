// A room's state loaded once per instance, by whichever entry point (socket, RPC, alarm) comes
// first; the others wait for the same load. A load that failed (D1 down, ...) is forgotten, so
// the next entry point tries again instead of every later call failing with the first error.
export class LoadOnce<T> {
  private loading: Promise<T> | undefined;

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    this.loading ??= this.load().catch((err: unknown) => {
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }
}
