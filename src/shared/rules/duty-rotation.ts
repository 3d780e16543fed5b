/**
 * The order in which members on duty are given visitors (decision 076): smooth weighted round-robin, so a
 * member with weight 3 beside one with weight 1 is given three of every four visitors, spread out
 * (A, A, B, A) rather than in a run. The members are taken in the order given (the caller sorts them), so
 * every instance builds the same order and a shared count walks it.
 */
export function weightedOrder<T extends { weight: number }>(members: readonly T[]): T[] {
  const current = members.map(() => 0);
  const total = members.reduce((sum, member) => sum + member.weight, 0);
  const order: T[] = [];
  for (let turn = 0; turn < total; turn++) {
    let best = 0;
    members.forEach((member, index) => {
      current[index]! += member.weight;
      if (current[index]! > current[best]!) best = index;
    });
    current[best]! -= total;
    order.push(members[best]!);
  }
  return order;
}
