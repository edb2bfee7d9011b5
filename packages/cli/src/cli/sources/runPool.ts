/**
 * Runs `work` over `items`, at most `width` at a time, taking items as they come: `work` may push
 * more items (a crawl adds the links it finds). Resolves when every item is done; a throw (an
 * abort) ends the pool with that error once the running items settle.
 */
export async function runPool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let active = 0;
  let failure: unknown;
  const sleepers: (() => void)[] = [];
  const wakeAll = () => {
    for (const wake of sleepers.splice(0)) wake();
  };
  const worker = async () => {
    for (;;) {
      if (failure !== undefined) return;
      if (next < items.length) {
        const item = items[next++]!;
        active++;
        try {
          await work(item);
        } catch (error) {
          failure ??= error;
        } finally {
          active--;
          wakeAll();
        }
      } else if (active === 0) {
        wakeAll();
        return;
      } else {
        await new Promise<void>((resolve) => sleepers.push(resolve));
      }
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  if (failure !== undefined) throw failure;
}
