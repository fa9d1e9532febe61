// How many messages each player posted (the bonus pool's chat condition, docs/games.md "Bonus pool"):
// a counter per user in the room's storage, raised with every message a player posts (not
// commands' cards or system lines). Counted from the version that added it on.
const PREFIX = "chat:count:";

export class MessageCounts {
  constructor(private readonly storage: DurableObjectStorage) {}

  async add(userId: number): Promise<void> {
    const key = `${PREFIX}${userId}`;
    await this.storage.put(key, ((await this.storage.get<number>(key)) ?? 0) + 1);
  }

  async of(userId: number): Promise<number> {
    return (await this.storage.get<number>(`${PREFIX}${userId}`)) ?? 0;
  }
}
