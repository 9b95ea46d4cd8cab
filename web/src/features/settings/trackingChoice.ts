// A line names at most one option per tracking category (D28): picking a second option of a
// category replaces the first, so the picker can never send what the API would refuse.

/** The options after the person picked `next` (Mantine gives the whole new list, newest last). */
export function onePerCategory(
  previous: readonly string[],
  next: readonly string[],
  categoryOf: (option: string) => string | undefined,
): string[] {
  const added = next.filter((option) => !previous.includes(option));
  const kept = next.filter((option) => previous.includes(option));
  const result = [...kept];
  for (const option of added) {
    const category = categoryOf(option);
    const clash = result.findIndex((other) => category !== undefined && categoryOf(other) === category);
    if (clash >= 0) result.splice(clash, 1);
    result.push(option);
  }
  return result;
}
