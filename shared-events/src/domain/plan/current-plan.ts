/** The plan a sheet shows (the accommodations PDF, the sub plan): the active one starting last, else the one starting last. */
export function currentPlan<P extends { startDate: string; status: string }>(plans: readonly P[]): P | null {
  const latestFirst = [...plans].sort((a, b) => b.startDate.localeCompare(a.startDate));
  return latestFirst.find((plan) => plan.status === 'active') ?? latestFirst[0] ?? null;
}
