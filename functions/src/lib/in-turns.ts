/**
 * Runs `work` on every item, at most `atOnce` at a time, and answers the
 * results in the items' order. The first failure stops new work; it is thrown
 * once the work already running has ended (nothing is left running behind).
 */
export async function inTurns<T, R>(items: Iterable<T> | AsyncIterable<T>, atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  let index = 0;
  for await (const item of items) {
    if (failure) break;
    const at = index++;
    const task: Promise<void> = work(item).then(
      (result) => {
        results[at] = result;
        running.delete(task);
      },
      (error: unknown) => {
        failure ??= { error };
        running.delete(task);
      },
    );
    running.add(task);
    if (running.size >= atOnce) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure.error;
  return results;
}
