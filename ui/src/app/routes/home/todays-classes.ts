interface TermClass {
  status: string;
  termStart: string | null;
  termEnd: string | null;
}

/** The active classes whose term (where known) includes today: what a teacher teaches and logs for today. */
export const todaysClasses = <C extends TermClass>(classes: readonly C[], today: string): C[] =>
  classes.filter((each) => each.status === 'active' && (each.termStart === null || each.termStart <= today) && (each.termEnd === null || today <= each.termEnd));
